import type { Bus, ChannelMessage } from './bus.ts';

export function memoryBus(): Bus {
  const handlers = new Set<(m: ChannelMessage) => void>();
  return {
    publish: (m) => {
      for (const h of handlers) h(m);
    },
    subscribe: (h) => {
      handlers.add(h);
      return () => handlers.delete(h);
    },
    close: async () => handlers.clear(),
  };
}
