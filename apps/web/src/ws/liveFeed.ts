import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Paces writes: `push` asks for one, `cancel` drops what is pending (e.g. ./throttle.ts). */
export type Pace = (write: () => void) => { push: (value: null) => void; cancel: () => void };

export interface LiveFeed<T> {
  queryKey: QueryKey;
  /** The snapshot, with every frame that came while it was on its way merged into it. */
  load(snapshot: () => Promise<T>): Promise<T>;
  /** A frame of the channel (or the same data from another request), merged into the cached value. */
  receive(frame: unknown): void;
  /** Drops the frames not yet written (the screen left). */
  stop(): void;
}

/**
 * One live value in the query cache: frames are merged into it in order, written at once or as
 * `pace` allows. Frames that come while the snapshot loads are newer than it, so they are merged
 * into it when it lands, and not written again after (a tape would show them twice).
 */
export function createLiveFeed<T>(options: {
  client: QueryClient;
  queryKey: QueryKey;
  merge: (current: T | undefined, frame: unknown) => T | undefined;
  pace?: Pace | undefined;
}): LiveFeed<T> {
  const { client, queryKey, merge } = options;
  let loading: unknown[] | null = null;
  let pending: unknown[] = [];
  const write = () => {
    const frames = pending;
    pending = [];
    const old = client.getQueryData<T>(queryKey);
    const next = frames.reduce<T | undefined>(merge, old);
    if (next !== undefined && next !== old) client.setQueryData(queryKey, next);
  };
  const paced = options.pace?.(write);
  return {
    queryKey,
    async load(snapshot) {
      const frames: unknown[] = [];
      loading = frames;
      try {
        const value = await snapshot();
        pending = [];
        return frames.reduce<T | undefined>(merge, value) ?? value;
      } finally {
        if (loading === frames) loading = null;
      }
    },
    receive(frame) {
      loading?.push(frame);
      pending.push(frame);
      if (paced) paced.push(null);
      else write();
    },
    stop() {
      paced?.cancel();
      pending = [];
    },
  };
}
