import { hashKey, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLiteQuery } from '../api/useLiteQuery.ts';
import { createLiveFeed, type Pace } from './liveFeed.ts';
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
   * Paces the writes of frames (merged in order meanwhile), e.g. ./throttle.ts's; without it each
   * frame is written as it comes. Passed in, so the first route, which needs none, does not load it.
   */
  pace?: Pace;
  /** The value leaves the cache with the screen: without its channel it would go stale unseen. */
  dropOnLeave?: boolean;
}

/**
 * Live data: a REST snapshot in the query cache, kept current by the frames of a socket channel
 * merged into it (./liveFeed.ts); neither hides the other, whichever arrives first. `push` merges
 * the same data from another request (a page's copy of a ticker) as a frame is merged.
 */
export function useLive<T>(source: LiveSource<T>) {
  const { queryKey, channel, fetch = true, dropOnLeave = false } = source;
  const client = useQueryClient();
  const hash = hashKey(queryKey);
  const latest = useRef(source);
  useEffect(() => {
    latest.current = source;
  });
  // One feed per value: another key (a symbol, a realm) starts a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's hash names the value
  const feed = useMemo(
    () =>
      createLiveFeed<T>({
        client,
        queryKey,
        merge: (current, frame) => latest.current.merge(current, frame),
        pace: source.pace,
      }),
    [client, hash],
  );
  useEffect(() => () => feed.stop(), [feed]);

  const load = useCallback(() => feed.load(() => latest.current.snapshot()), [feed]);
  const query = useLiteQuery(queryKey, load, { enabled: fetch });
  useChannel<unknown>(channel, feed.receive);

  useEffect(() => {
    if (!dropOnLeave) return;
    return () => client.removeQueries({ queryKey: feed.queryKey, exact: true });
  }, [client, feed, dropOnLeave]);

  return { ...query, push: feed.receive };
}
