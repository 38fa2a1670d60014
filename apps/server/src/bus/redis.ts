import { randomUUID } from 'node:crypto';
import type { Bus, ChannelMessage } from './bus.ts';
import type { RedisLink } from './redis-link.ts';

/**
 * Redis pub/sub: one topic for channel messages, shared by every instance with the same prefix.
 * A message reaches this process's own handlers at once, as on the in-process bus, and the other
 * instances through Redis (its echo here is skipped by its origin). So what one process needs of
 * its own messages (its sockets' frames, its session endings, its stop rules) never depends on
 * Redis, and a Redis outage costs only what crosses instances: a publish while it is away is
 * dropped (its error caught, never an unhandled rejection), and the socket clients of the other
 * instances resync from the sequence gap once it is back.
 */
export function redisBus(link: RedisLink, prefix: string): Bus {
  const topic = `${prefix}bus:channels`;
  const origin = randomUUID();
  const pub = link.client();
  const sub = link.client();
  const handlers = new Set<(m: ChannelMessage) => void>();
  const deliver = (m: ChannelMessage) => {
    for (const h of handlers) h(m);
  };
  // Not subscribed yet (Redis away at the start): ioredis subscribes when it connects, and again
  // after every reconnection.
  sub.subscribe(topic).catch(() => undefined);
  sub.on('message', (_t: string, raw: string) => {
    const { from, ...m } = JSON.parse(raw) as ChannelMessage & { from?: string };
    if (from !== origin) deliver(m);
  });
  return {
    publish: (m) => {
      deliver(m);
      if (link.up(pub)) pub.publish(topic, JSON.stringify({ ...m, from: origin })).catch(() => undefined);
    },
    subscribe: (h) => {
      handlers.add(h);
      return () => handlers.delete(h);
    },
    close: async () => {
      handlers.clear();
    },
  };
}
