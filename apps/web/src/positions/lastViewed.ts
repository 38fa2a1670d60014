import type { Instrument } from '@otc/protocol/market/schemas';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { cache } from '../api/storage.ts';
import { useInstruments } from '../market/index.ts';

type Kind = 'perp' | 'cfd';
/** The last perpetual and the last CFD whose detail the user opened, on this device. */
const KEY: Record<Kind, string> = { perp: 'lastPerpSymbol', cfd: 'lastCfdSymbol' };
const REMEMBERED_SECONDS = 365 * 86_400;

/**
 * The instrument a detail page opened without `?symbol=` shows: the last one of its kind viewed
 * (if it still exists), else the first of the list; null while the list is loading or empty.
 */
export function defaultSymbol(
  list: readonly Instrument[],
  kind: Kind,
  last: string | undefined,
): string | null {
  const mine = list.filter((i) => i.kind === kind);
  return mine.find((i) => i.symbol === last)?.symbol ?? mine[0]?.symbol ?? null;
}

/**
 * A contract or CFD detail page's symbol: without `?symbol=` (a bookmark of the bare page, the
 * seed's route with no query) it puts the default one in the address instead of "Instrument not
 * found"; with one of its kind, it remembers it. Answers the symbol, '' while choosing.
 */
export function useDetailSymbol(kind: Kind): string {
  const [params, setParams] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').trim().toUpperCase();
  const { list } = useInstruments();
  const known = list?.some((i) => i.symbol === symbol && i.kind === kind) ?? false;
  useEffect(() => {
    if (symbol !== '' || !list) return;
    const pick = defaultSymbol(list, kind, cache.get<string>(KEY[kind]));
    if (pick === null) return;
    const next = new URLSearchParams(params);
    next.set('symbol', pick);
    setParams(next, { replace: true });
  }, [symbol, list, kind, params, setParams]);
  useEffect(() => {
    if (known) cache.set(KEY[kind], symbol, REMEMBERED_SECONDS);
  }, [known, kind, symbol]);
  return symbol;
}
