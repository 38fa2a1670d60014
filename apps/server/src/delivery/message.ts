export type Channel = 'email' | 'sms';

export interface OutgoingMessage {
  channel: Channel;
  target: string;
  subject: string;
  body: string;
}

/** Sends one message on one channel. Implementations: the dev outbox, SMTP, an SMS webhook. */
export interface Sender {
  send(message: OutgoingMessage): Promise<void>;
}
