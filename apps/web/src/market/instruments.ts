import type { Instrument } from '@otc/protocol/market/schemas';
import { useMemo } from 'react';
import { useLiteQuery } from '../api/useLiteQuery.ts';
import { marketApi, marketKeys } from './marketApi.ts';

const INSTRUMENTS_STALE_MS = 5 * 60_000;

/** Every instrument, by symbol and in the server's order; the list rarely changes. */
export function useInstruments() {
  const query = useLiteQuery(marketKeys.instruments, marketApi.instruments, {
    staleTime: INSTRUMENTS_STALE_MS,
  });
  const bySymbol = useMemo(
    () => new Map<string, Instrument>((query.data ?? []).map((i) => [i.symbol, i])),
    [query.data],
  );
  return { query, list: query.data, bySymbol };
}
