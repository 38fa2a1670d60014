import { USER_CHANNEL } from '@otc/protocol/socket/constants';
import type { UserEvent } from '@otc/protocol/socket/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayAmount, displayPercent, displayTime } from '../i18n/format.ts';
import { chooseLanguage } from '../i18n/languages.ts';
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
  useChannel<UserEvent>(USER_CHANNEL, () => {
    if (coalesce.current) return;
    coalesce.current = setTimeout(() => {
      coalesce.current = null;
      void moneyMoved();
    }, USER_EVENTS_COALESCE_MS);
  });
}

/** Number and time formatting in the language on screen. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = chooseLanguage(i18n.resolvedLanguage ?? i18n.language, undefined);
  return useMemo(
    () => ({
      lang,
      /** A decimal string, cut to `decimals` (at most 8) places. */
      amount: (value: string, decimals?: number) =>
        displayAmount(value, lang, decimals === undefined ? {} : { decimals: Math.min(decimals, 8) }),
      /** A USDT valuation: two places, always shown. */
      usdt: (value: string) => displayAmount(value, lang, { decimals: 2, minDecimals: 2 }),
      time: (iso: string) => displayTime(iso, lang),
      percent: (ratio: number) => displayPercent(ratio, lang, 4),
    }),
    [lang],
  );
}

/** The current time, ticking every `everyMs` while `active`. */
export function useNow(active: boolean, everyMs = 250): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}
