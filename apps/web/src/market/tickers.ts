import { TICKERS_CHANNEL, tickerChannel } from '@otc/protocol/market/channels';
import type { Ticker } from '@otc/protocol/market/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLive } from '../ws/useLive.ts';
import { marketApi, marketKeys } from './marketApi.ts';

export type TickerMap = ReadonlyMap<string, Ticker>;

function isTicker(value: unknown): value is Ticker {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Ticker).symbol === 'string' &&
    typeof (value as Ticker).price === 'string' &&
    typeof (value as Ticker).ts === 'number' &&
    typeof (value as Ticker).asOf === 'number'
  );
}

function same(a: Ticker, b: Ticker): boolean {
  return (
    a.ts === b.ts &&
    a.price === b.price &&
    a.status === b.status &&
    a.change24h === b.change24h &&
    a.volume24h === b.volume24h &&
    a.quoteVolume24h === b.quoteVolume24h &&
    a.quoteVolumeUsdt24h === b.quoteVolumeUsdt24h &&
    a.high24h === b.high24h &&
    a.low24h === b.low24h
  );
}

/**
 * Whether `known` is newer than `incoming`: by tick time, then by when the server read it. A
 * status moves without a tick (a session closes): a list read just before the close, answered
 * after the socket said "closed", carries the same tick time and must not reopen the market.
 */
const newer = (known: Ticker, incoming: Ticker) =>
  known.ts > incoming.ts || (known.ts === incoming.ts && known.asOf > incoming.asOf);

/**
 * Merges tickers into the map, keeping the newer of two (REST and the socket may arrive in either
 * order). Returns the same map when nothing changed, so screens do not redraw.
 */
export function mergeTickers(current: TickerMap, incoming: readonly unknown[]): TickerMap {
  let next: Map<string, Ticker> | null = null;
  for (const ticker of incoming) {
    if (!isTicker(ticker)) continue;
    const known = (next ?? current).get(ticker.symbol);
    if (known && (newer(known, ticker) || same(known, ticker))) continue;
    next ??= new Map(current);
    next.set(ticker.symbol, ticker);
  }
  return next ?? current;
}

const EMPTY: TickerMap = new Map();

/** A `tickers` frame (every ticker) or a `ticker:<SYMBOL>` frame (one), or a list from REST. */
function mergeFrame(current: TickerMap | undefined, frame: unknown): TickerMap {
  return mergeTickers(current ?? EMPTY, Array.isArray(frame) ? frame : [frame]);
}

/**
 * Every screen's tickers in one cache entry, so a price seen anywhere shows everywhere. The REST
 * list is merged into what the entry holds: a seed or a frame may be newer than it.
 */
function useLiveTickers(channel: string | null, fetch: boolean) {
  const client = useQueryClient();
  return useLive<TickerMap>({
    queryKey: marketKeys.tickers,
    snapshot: () =>
      marketApi.tickers().then((list) => mergeFrame(client.getQueryData(marketKeys.tickers), list)),
    channel,
    merge: mergeFrame,
    fetch,
  });
}

/** Every ticker by symbol: from REST (`seed`, or /api/market/tickers unless `fetch` is false), then live. */
export function useTickers(
  options: { fetch?: boolean; seed?: readonly Ticker[] | undefined } = {},
): TickerMap {
  const { fetch = true, seed } = options;
  const { data, push } = useLiveTickers(TICKERS_CHANNEL, fetch);
  useEffect(() => {
    if (seed) push(seed);
  }, [seed, push]);
  return data ?? EMPTY;
}

/** One instrument's ticker: `seed` from REST, then live from `ticker:<SYMBOL>`. */
export function useTicker(symbol: string | null, seed: Ticker | null | undefined): Ticker | undefined {
  const { data, push } = useLiveTickers(symbol ? tickerChannel(symbol) : null, false);
  useEffect(() => {
    if (seed) push([seed]);
  }, [seed, push]);
  return symbol ? data?.get(symbol) : undefined;
}
