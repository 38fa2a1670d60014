import { hashKey, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLiteQuery } from '../api/useLiteQuery.ts';
import { useChannel } from './useChannel.ts';

export interface LiveSource<T> {
  /** Where the value lives in the query cache. */
  queryKey: QueryKey;
  /** The REST snapshot. */
  snapshot: () => Promise<T>;
  /** The socket channel whose frames change the value; `null` listens to nothing. */
  channel: string | null;
  /** The value after one frame: the same value when the frame changes nothing (or is not one). */
  merge: (current: T | undefined, frame: unknown) => T | undefined;
  /** Fetch the snapshot (default); false keeps to the channel and what the cache holds. */
  fetch?: boolean;
  /**
   * Paces the writes of frames to the cache (merged in order meanwhile), e.g. a `createThrottle`
   * from ./throttle.ts; without it each frame is written as it comes. Passed in, so the screens
   * that need none (the first route's) do not load it.
   */
  pace?: (write: () => void) => { push: (value: null) => void; cancel: () => void };
  /** The value leaves the cache with the screen: without its channel it would go stale unseen. */
  dropOnLeave?: boolean;
}

/**
 * Live data: a REST snapshot in the query cache, kept current by the frames of a socket channel
 * merged into it. Frames that come while the snapshot is on its way are newer than it, so they are
 * merged into it when it lands; neither hides the other, whichever arrives first.
 */
export function useLive<T>(source: LiveSource<T>) {
  const { queryKey, channel, fetch = true, pace, dropOnLeave = false } = source;
  const client = useQueryClient();
  const hash = hashKey(queryKey);
  const latest = useRef(source);
  useEffect(() => {
    latest.current = source;
  });

  const loading = useRef<{ hash: string; frames: unknown[] } | null>(null);
  const load = useCallback(async (): Promise<T> => {
    const own = { hash, frames: [] as unknown[] };
    loading.current = own;
    try {
      const { snapshot, merge } = latest.current;
      const value = await snapshot();
      return own.frames.reduce<T | undefined>(merge, value) ?? value;
    } finally {
      if (loading.current === own) loading.current = null;
    }
  }, [hash]);
  const query = useLiteQuery(queryKey, load, { enabled: fetch });

  const pending = useRef<{ key: QueryKey; hash: string; frames: unknown[] } | null>(null);
  const write = useCallback(() => {
    const batch = pending.current;
    pending.current = null;
    if (!batch) return;
    const old = client.getQueryData<T>(batch.key);
    const next = batch.frames.reduce<T | undefined>(latest.current.merge, old);
    if (next !== undefined && next !== old) client.setQueryData(batch.key, next);
  }, [client]);
  const paced = useRef<ReturnType<NonNullable<typeof pace>> | null>(null);
  if (pace) paced.current ??= pace(write);
  useEffect(() => () => paced.current?.cancel(), []);

  const receive = (frame: unknown) => {
    if (loading.current?.hash === hash) loading.current.frames.push(frame);
    if (pending.current?.hash !== hash) pending.current = { key: queryKey, hash, frames: [] };
    pending.current.frames.push(frame);
    if (paced.current) paced.current.push(null);
    else write();
  };
  useChannel<unknown>(channel, receive);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's hash names the value to drop
  useEffect(() => {
    if (!dropOnLeave) return;
    const key = latest.current.queryKey;
    return () => client.removeQueries({ queryKey: key, exact: true });
  }, [client, hash, dropOnLeave]);

  /** Merges data from elsewhere (another request's copy of it) as the channel's frames are merged. */
  const latestReceive = useRef(receive);
  useEffect(() => {
    latestReceive.current = receive;
  });
  const push = useCallback((frame: unknown) => latestReceive.current(frame), []);
  return { ...query, push };
}
