import { Redis } from 'ioredis';
import type { Bus, ChannelMessage } from './bus.ts';

/** Redis pub/sub: one topic for channel messages, shared by every instance with the same prefix. */
export function redisBus(url: string, prefix: string): Bus {
  const topic = `${prefix}bus:channels`;
  const pub = new Redis(url, { maxRetriesPerRequest: 1 });
  const sub = new Redis(url, { maxRetriesPerRequest: 1 });
  const handlers = new Set<(m: ChannelMessage) => void>();
  void sub.subscribe(topic);
  sub.on('message', (_t: string, raw: string) => {
    const m = JSON.parse(raw) as ChannelMessage;
    for (const h of handlers) h(m);
  });
  return {
    publish: (m) => void pub.publish(topic, JSON.stringify(m)),
    subscribe: (h) => {
      handlers.add(h);
      return () => handlers.delete(h);
    },
    close: async () => {
      handlers.clear();
      await Promise.all([pub.quit(), sub.quit()]);
    },
  };
}
