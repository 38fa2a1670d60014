import type { AssetsOverview } from '@otc/protocol/ledger/schemas';
import { type Query, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useUserEvents } from '../ws/useUserEvents.ts';
import { moneyKeys } from './assetsApi.ts';
import { applyBalance } from './balanceEvents.ts';
import { MONEY } from './keys.ts';

/** Events of the `user` channel closer together than this cause one refresh. */
const USER_EVENTS_COALESCE_MS = 200;

/**
 * A money query whose screen applies the `user` channel's events itself (spot's order lists take
 * each order as it changed), so a balance event need not fetch it again.
 */
export const FOLLOWS_USER_EVENTS = { followsUserEvents: true } as const;
const followsEvents = (query: Query) => query.meta?.followsUserEvents === true;

/**
 * Keeps the money on screen live from the private `user` channel (a fill by someone else's order,
 * this account on another device). A balance event is written into the cached balances at once;
 * what it does not carry is fetched again, one refresh per burst: the USDT valuations (the event
 * has no price) and the records (it has no journal entry). A resync (a reconnect, a gap) fetches
 * every money query, as the channel's snapshot carries no data.
 */
export function useLiveMoney(): void {
  const client = useQueryClient();
  const coalesce = useRef<ReturnType<typeof setTimeout> | null>(null);
  const everything = useRef(false);
  useEffect(() => () => clearTimeout(coalesce.current ?? undefined), []);
  const refreshSoon = (all: boolean) => {
    everything.current ||= all;
    if (coalesce.current) return;
    coalesce.current = setTimeout(() => {
      coalesce.current = null;
      const predicate = everything.current ? undefined : (query: Query) => !followsEvents(query);
      everything.current = false;
      void client.invalidateQueries({ queryKey: [MONEY], ...(predicate ? { predicate } : {}) });
    }, USER_EVENTS_COALESCE_MS);
  };
  useUserEvents(
    (event) => {
      if (event.kind !== 'balance') return;
      for (const key of [moneyKeys.overview, moneyKeys.transferInfo])
        client.setQueryData<AssetsOverview>(key, (old) => old && applyBalance(old, event));
      refreshSoon(false);
    },
    () => refreshSoon(true),
  );
}
