import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { OutgoingMessage, Sender } from './message.ts';
import { outboxSender } from './outbox.ts';
import { smsWebhookSender } from './sms-webhook.ts';
import { smtpSender } from './smtp.ts';

/** Email goes to SMTP when configured, SMS to the webhook when configured; otherwise the dev outbox. */
export function createDelivery(config: Config, db: Db, log: FastifyBaseLogger): Sender {
  const outbox = outboxSender(db, log);
  const email = config.smtpUrl ? smtpSender(config.smtpUrl, config.mailFrom) : outbox;
  const sms = config.smsWebhookUrl ? smsWebhookSender(config.smsWebhookUrl) : outbox;
  return { send: (m: OutgoingMessage) => (m.channel === 'email' ? email : sms).send(m) };
}
