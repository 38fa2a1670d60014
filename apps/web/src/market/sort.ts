import type { Instrument, Ticker } from '@otc/protocol/market/schemas';
import { compareDecimal } from '../money/format.ts';

export type SortKey = 'change' | 'volume';
export interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}

/** A tap on a column header: a new column sorts descending, the same column flips. */
export function nextSort(current: Sort | null, key: SortKey): Sort {
  if (current?.key !== key) return { key, dir: 'desc' };
  return { key, dir: current.dir === 'desc' ? 'asc' : 'desc' };
}

function field(ticker: Ticker, key: SortKey): string {
  // Volume is turnover in the quote currency: coins of different prices do not compare.
  return key === 'change' ? ticker.change24h : ticker.quoteVolume24h;
}

/** Sorts instruments by their ticker's field; instruments without a ticker stay at the end. */
export function sortInstruments(
  instruments: readonly Instrument[],
  tickers: ReadonlyMap<string, Ticker>,
  sort: Sort | null,
): Instrument[] {
  if (!sort) return [...instruments];
  const sign = sort.dir === 'desc' ? -1 : 1;
  return [...instruments].sort((a, b) => {
    const x = tickers.get(a.symbol);
    const y = tickers.get(b.symbol);
    if (!x || !y) return x ? -1 : y ? 1 : 0;
    return sign * compareDecimal(field(x, sort.key), field(y, sort.key));
  });
}

/** The tickers with the largest 24 h turnover (quote volume), largest first. */
export function topByVolume(tickers: Iterable<Ticker>, count: number): Ticker[] {
  return [...tickers].sort((a, b) => compareDecimal(b.quoteVolume24h, a.quoteVolume24h)).slice(0, count);
}
