import { TICKERS_CHANNEL, tickerChannel } from '@otc/protocol/market/channels';
import type { Ticker } from '@otc/protocol/market/schemas';
import { useEffect, useSyncExternalStore } from 'react';
import { subscribeChannel } from '../ws/socket.ts';
import { useChannel } from '../ws/useChannel.ts';
import { marketApi, marketKeys } from './marketApi.ts';
import { useLiteQuery } from './useLiteQuery.ts';

export type TickerMap = ReadonlyMap<string, Ticker>;

function isTicker(value: unknown): value is Ticker {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Ticker).symbol === 'string' &&
    typeof (value as Ticker).price === 'string' &&
    typeof (value as Ticker).ts === 'number'
  );
}

function same(a: Ticker, b: Ticker): boolean {
  return (
    a.ts === b.ts &&
    a.price === b.price &&
    a.status === b.status &&
    a.change24h === b.change24h &&
    a.volume24h === b.volume24h &&
    a.high24h === b.high24h &&
    a.low24h === b.low24h
  );
}

/**
 * Merges tickers into the map, keeping the newer of two by `ts` (REST and the socket may arrive
 * in either order). Returns the same map when nothing changed, so screens do not redraw.
 */
export function mergeTickers(current: TickerMap, incoming: readonly unknown[]): TickerMap {
  let next: Map<string, Ticker> | null = null;
  for (const ticker of incoming) {
    if (!isTicker(ticker)) continue;
    const known = (next ?? current).get(ticker.symbol);
    if (known && (known.ts > ticker.ts || same(known, ticker))) continue;
    next ??= new Map(current);
    next.set(ticker.symbol, ticker);
  }
  return next ?? current;
}

let tickers: TickerMap = new Map();
const listeners = new Set<() => void>();
let liveUsers = 0;
let release: (() => void) | null = null;

function merge(incoming: readonly unknown[]) {
  const next = mergeTickers(tickers, incoming);
  if (next === tickers) return;
  tickers = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Subscribes and, while anyone does, keeps the socket's `tickers` channel open. */
function subscribeLive(listener: () => void): () => void {
  const off = subscribe(listener);
  if (liveUsers++ === 0) {
    release = subscribeChannel(TICKERS_CHANNEL, (data) => merge(Array.isArray(data) ? data : [data]));
  }
  return () => {
    off();
    if (--liveUsers === 0) {
      release?.();
      release = null;
    }
  };
}

const getTickers = () => tickers;

/** Every ticker by symbol: from REST (`seed`, or /api/market/tickers unless `fetch` is false), then live. */
export function useTickers(
  options: { fetch?: boolean; seed?: readonly Ticker[] | undefined } = {},
): TickerMap {
  const { fetch = true, seed } = options;
  const rest = useLiteQuery(marketKeys.tickers, marketApi.tickers, { enabled: fetch });
  useEffect(() => {
    if (seed) merge(seed);
  }, [seed]);
  useEffect(() => {
    if (rest.data) merge(rest.data);
  }, [rest.data]);
  return useSyncExternalStore(subscribeLive, getTickers, getTickers);
}

/** One instrument's ticker: `seed` from REST, then live from `ticker:<SYMBOL>`. */
export function useTicker(symbol: string | null, seed: Ticker | null | undefined): Ticker | undefined {
  useEffect(() => {
    if (seed) merge([seed]);
  }, [seed]);
  useChannel<unknown>(symbol ? tickerChannel(symbol) : null, (data) => merge([data]));
  const get = () => (symbol ? tickers.get(symbol) : undefined);
  return useSyncExternalStore(subscribe, get, get);
}
