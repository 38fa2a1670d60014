import type { UserEvent } from '@otc/protocol/socket';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useChannel } from '../ws/useChannel.ts';
import { MONEY, moneyApi, moneyKeys } from './assetsApi.ts';

/** Balances are fetched afresh whenever a money screen mounts or the app comes back to the front. */
export const FRESH = { staleTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: true } as const;

export function useOverview() {
  return useQuery({ queryKey: moneyKeys.overview, queryFn: moneyApi.overview, ...FRESH });
}

/** Refreshes every money query after money moved. */
export function useMoneyMoved(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: [MONEY] }), [client]);
}

/** Events of the `user` channel closer together than this cause one refresh. */
const USER_EVENTS_COALESCE_MS = 200;

/**
 * Keeps the money on screen live: the private `user` channel says when one of this user's orders
 * or balances changed (a fill by someone else's order, this account on another device), and every
 * money query is fetched again. Bursts (a batch of fills) cause one refresh.
 */
export function useLiveMoney(): void {
  const moneyMoved = useMoneyMoved();
  const coalesce = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(coalesce.current ?? undefined), []);
  useChannel<UserEvent>('user', () => {
    if (coalesce.current) return;
    coalesce.current = setTimeout(() => {
      coalesce.current = null;
      void moneyMoved();
    }, USER_EVENTS_COALESCE_MS);
  });
}
