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

/**
 * Volume ranks by turnover in USDT (the server's conversion of each quote currency): coins of
 * different prices do not compare, and neither do turnovers in yen and in USDT. A ticker without
 * that figure (its quote has no USD price yet) counts as the smallest.
 */
function field(ticker: Ticker, key: SortKey): string {
  return key === 'change' ? ticker.change24h : (ticker.quoteVolumeUsdt24h ?? '');
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

/** The tickers with the largest 24 h turnover in USDT, largest first. */
export function topByVolume(tickers: Iterable<Ticker>, count: number): Ticker[] {
  return [...tickers].sort((a, b) => compareDecimal(field(b, 'volume'), field(a, 'volume'))).slice(0, count);
}
