/**
 * Events between the parts of the platform and between instances: in-process by default, Redis
 * pub/sub when REDIS_URL is set, so any API instance can serve any socket client.
 */
export interface ChannelMessage {
  channel: string;
  seq: number;
  data: unknown;
}

export interface Bus {
  publish(message: ChannelMessage): void;
  subscribe(handler: (message: ChannelMessage) => void): () => void;
  close(): Promise<void>;
}
