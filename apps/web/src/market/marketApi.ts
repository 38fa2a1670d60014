import type { CandleInterval } from '@otc/protocol/market/constants';
import type { Candle, HomeData, Instrument, InstrumentDetail, Ticker } from '@otc/protocol/market/schemas';
import { api, type RequestOptions } from '../api/client.ts';

/** Every market query starts with this. */
export const MARKET = 'market';

export const marketKeys = {
  home: [MARKET, 'home'] as const,
  instruments: [MARKET, 'instruments'] as const,
  tickers: [MARKET, 'tickers'] as const,
  instrument: (symbol: string) => [MARKET, 'instrument', symbol] as const,
  search: (q: string) => [MARKET, 'search', q] as const,
  favorites: (userId: string) => [MARKET, 'favorites', userId] as const,
};

export interface CandlesQuery {
  symbol: string;
  interval: CandleInterval;
  before?: number;
  limit?: number;
}

export const marketApi = {
  home: () => api.post<HomeData>('/api/common/index', {}),
  /** Every instrument; screens filter by kind and class themselves, so one request serves all. */
  instruments: () => api.post<{ items: Instrument[] }>('/api/common/coinlist', {}).then((r) => r.items),
  search: (q: string) => api.post<{ items: Instrument[] }>('/api/common/search', { q }).then((r) => r.items),
  tickers: () => api.post<{ items: Ticker[] }>('/api/market/tickers', {}).then((r) => r.items),
  instrument: (symbol: string, options: Omit<RequestOptions, 'body' | 'method'> = {}) =>
    api.post<InstrumentDetail>('/api/market/instrument', { symbol }, options),
  candles: (query: CandlesQuery, options: Omit<RequestOptions, 'body' | 'method'> = {}) =>
    api.post<{ items: Candle[] }>('/api/market/candles', query, options).then((r) => r.items),
  /** Read quietly: a list screen should not toast because the star column could not load. */
  favorites: () =>
    api.post<{ symbols: string[] }>('/api/market/favorites', {}, { toast: false }).then((r) => r.symbols),
  setFavorite: (symbol: string, on: boolean) =>
    api.post<{ symbols: string[] }>('/api/market/favorite', { symbol, on }).then((r) => r.symbols),
};
