import type { CandleInterval } from './constants.ts';

/**
 * The market's socket channels (zod-free): all tickers (`Ticker[]`: every one in a snapshot, those
 * that changed after), one instrument's ticker (`Ticker`), and its candles at an interval (`Candle`).
 */
export const TICKERS_CHANNEL = 'tickers';
export const tickerChannel = (symbol: string) => `ticker:${symbol}`;
export const klineChannel = (symbol: string, interval: CandleInterval) => `kline:${symbol}:${interval}`;
