import { hashKey, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * A read-only query straight on the app's QueryClient (fetchQuery plus a cache subscription),
 * sharing its cache with `useQuery`. It exists for the first screen: `useQuery`'s observer would
 * add about 3 KB gzipped to the home page's budget, while the client is in the entry already.
 */
export function useLiteQuery<T>(
  queryKey: QueryKey,
  queryFn: () => Promise<T>,
  options: { enabled?: boolean; staleTime?: number } = {},
) {
  const { enabled = true, staleTime } = options;
  const client = useQueryClient();
  const hash = hashKey(queryKey);
  const subscribe = useCallback(
    (onChange: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) onChange();
      }),
    [client, hash],
  );
  const getState = () => client.getQueryCache().get(hash)?.state;
  const state = useSyncExternalStore(subscribe, getState, getState);

  const latest = useRef({ queryKey, queryFn });
  useEffect(() => {
    latest.current = { queryKey, queryFn };
  });
  const fetch = useCallback(
    (stale: number | undefined) => {
      const { queryKey: key, queryFn: fn } = latest.current;
      // No observer holds the query, so it is never collected: the screen keeps what it shows.
      // A failure is already toasted by the request client and lands in the query's state.
      client
        .fetchQuery({ queryKey: key, queryFn: fn, staleTime: stale, gcTime: Number.POSITIVE_INFINITY })
        .catch(() => {});
    },
    [client],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key (its hash) fetches again
  useEffect(() => {
    if (enabled) fetch(staleTime);
  }, [enabled, fetch, staleTime, hash]);

  return {
    data: state?.data as T | undefined,
    error: state?.error ?? null,
    isPending: state?.status !== 'error' && state?.data === undefined,
    refetch: () => fetch(0),
  };
}
