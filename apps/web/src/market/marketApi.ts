import type { BodyOf } from '@otc/protocol/endpoint';
import { marketEndpoints as market } from '@otc/protocol/market/endpoints';
import { type CallOptions, call } from '../api/call.ts';

/** Every market query starts with this. */
export const MARKET = 'market';

export const marketKeys = {
  home: [MARKET, 'home'] as const,
  instruments: [MARKET, 'instruments'] as const,
  tickers: [MARKET, 'tickers'] as const,
  instrument: (symbol: string) => [MARKET, 'instrument', symbol] as const,
  search: (q: string, lang: string) => [MARKET, 'search', q, lang] as const,
  favorites: (userId: string) => [MARKET, 'favorites', userId] as const,
};

export type CandlesQuery = BodyOf<typeof market.candles>;

export const marketApi = {
  home: () => call(market.home),
  /** Every instrument; screens filter by kind and class themselves, so one request serves all. */
  instruments: () => call(market.instruments).then((r) => r.items),
  /** Instruments (`items`) and published news titles in the reader's language (`news`). */
  search: (q: string) => call(market.search, { q }),
  tickers: () => call(market.tickers).then((r) => r.items),
  instrument: (symbol: string, options: CallOptions = {}) => call(market.instrument, { symbol }, options),
  candles: (query: CandlesQuery, options: CallOptions = {}) =>
    call(market.candles, query, options).then((r) => r.items),
  /** Read quietly: a list screen should not toast because the star column could not load. */
  favorites: () => call(market.favorites, undefined, { toast: false }).then((r) => r.symbols),
  setFavorite: (symbol: string, on: boolean) =>
    call(market.setFavorite, { symbol, on }).then((r) => r.symbols),
};
