import type { CandleInterval } from '@otc/protocol/market/constants';
import type { Candle } from '@otc/protocol/market/schemas';

/** Candles asked for per request, first load and each scroll back. */
export const CANDLE_PAGE = 300;

function isCandle(value: unknown): value is Candle {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Candle).t === 'number' &&
    typeof (value as Candle).c === 'string'
  );
}

export type LiveResult = { bars: Candle[]; change: 'last' | 'history' | 'none' };

/**
 * The open candle from the socket: replaces the bar with its open time or is appended after the
 * last one. `change` says whether only the last bar moved ('last', a cheap chart update) or an
 * older one did ('history').
 */
export function applyLive(bars: readonly Candle[], candle: unknown): LiveResult {
  if (!isCandle(candle)) return { bars: [...bars], change: 'none' };
  const last = bars[bars.length - 1];
  if (!last || candle.t > last.t) return { bars: [...bars, candle], change: 'last' };
  if (candle.t === last.t) return { bars: [...bars.slice(0, -1), candle], change: 'last' };
  const at = bars.findIndex((b) => b.t === candle.t);
  if (at < 0) return { bars: [...bars], change: 'none' };
  const next = [...bars];
  next[at] = candle;
  return { bars: next, change: 'history' };
}

/** Older candles (oldest first) put in front, without repeating an open time already held. */
export function prependOlder(bars: readonly Candle[], older: readonly Candle[]): Candle[] {
  const first = bars[0]?.t ?? Number.POSITIVE_INFINITY;
  return [...older.filter((c) => c.t < first), ...bars];
}

const DAY_INTERVALS: ReadonlySet<CandleInterval> = new Set(['1d', '1w']);

/**
 * The chart's time for a candle (seconds). The chart draws UTC, so intraday candles are shifted by
 * the phone's offset to read in local time; daily and weekly candles keep their UTC date.
 */
export function chartTime(ms: number, interval: CandleInterval): number {
  const seconds = Math.floor(ms / 1000);
  if (DAY_INTERVALS.has(interval)) return seconds;
  return seconds - new Date(ms).getTimezoneOffset() * 60;
}

export function isIntraday(interval: CandleInterval): boolean {
  return !DAY_INTERVALS.has(interval);
}
