/**
 * OHLCV candles. Prices and volumes are exact decimal strings, compared and summed through
 * decimal.ts; a JS number never holds a price. Outputs use the shortest decimal form.
 */
import { canonicalDecimal, DecimalError, formatUnits, mulUnits, parseUnits } from '../money/decimal.ts';

export const INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d', '1w'] as const;
export type Interval = (typeof INTERVALS)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const INTERVAL_MS: Record<Interval, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '1h': HOUR,
  '4h': 4 * HOUR,
  '1d': DAY,
  '1w': 7 * DAY,
};

/** 1970-01-05, the first Monday after the epoch (a Thursday). */
const FIRST_MONDAY = 4 * DAY;

/** Start of the candle containing atMs; 1w candles start Monday 00:00 UTC, others align to the epoch. */
export function bucketStart(interval: Interval, atMs: number): number {
  const size = INTERVAL_MS[interval];
  const origin = interval === '1w' ? FIRST_MONDAY : 0;
  return Math.floor((atMs - origin) / size) * size + origin;
}

export interface Candle {
  /** Bucket start, ms. */
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
  /**
   * Quote volume (turnover): the sum of price × volume of every tick folded in, exact to 18
   * places, what the market list shows as 24 h volume (USDT, not coins). Absent on a candle
   * recorded before turnover was kept (migration 034).
   */
  q?: string;
}

function nonNegative(text: string, what: string): bigint {
  const u = parseUnits(text);
  if (u < 0n) throw new DecimalError(`${what} must not be negative: ${text}`);
  return u;
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * Folds a trade/tick (price, volume) at atMs into the open candle, or starts a new one when atMs is in
 * a later bucket. Returns [updatedOrNewCandle, closedCandleOrNull]. Compare prices exactly
 * (decimal.ts), never as JS numbers.
 *
 * A tick from a bucket earlier than the open candle's is ignored (returned candle unchanged, nothing
 * closed): a closed candle is final.
 */
export function applyTick(
  open: Candle | null,
  interval: Interval,
  atMs: number,
  price: string,
  volume: string,
): [Candle, Candle | null] {
  const p = nonNegative(price, 'price');
  const v = nonNegative(volume, 'volume');
  const t = bucketStart(interval, atMs);
  if (open !== null && t < open.t) return [open, null];
  const turnover = mulUnits(p, v);
  if (open === null || t > open.t) {
    const px = formatUnits(p);
    return [{ t, o: px, h: px, l: px, c: px, v: formatUnits(v), q: formatUnits(turnover) }, open];
  }
  return [
    {
      t,
      o: open.o,
      h: formatUnits(max(parseUnits(open.h), p)),
      l: formatUnits(min(parseUnits(open.l), p)),
      c: formatUnits(p),
      v: formatUnits(parseUnits(open.v) + v),
      q: formatUnits(turnoverOf(open) + turnover),
    },
    null,
  ];
}

/** A candle's turnover in units: 0 for one recorded before turnover was kept. */
export function turnoverOf(candle: Candle): bigint {
  return candle.q === undefined ? 0n : parseUnits(candle.q);
}

/**
 * Aggregates finer candles into a coarser interval (e.g. 1m -> 1h), exactly. Input sorted by t.
 * Every interval divides the next coarser one and 1w starts on a day boundary, so no finer candle
 * straddles two coarser buckets. Buckets without input candles are not emitted.
 */
export function aggregate(candles: readonly Candle[], to: Interval): Candle[] {
  const out: Candle[] = [];
  let current: {
    t: number;
    o: string;
    h: bigint;
    l: bigint;
    c: string;
    v: bigint;
    q: bigint;
    kept: boolean;
  } | null = null;
  let previousT = Number.NEGATIVE_INFINITY;
  const flush = () => {
    if (current) {
      out.push({
        t: current.t,
        o: canonicalDecimal(current.o),
        h: formatUnits(current.h),
        l: formatUnits(current.l),
        c: canonicalDecimal(current.c),
        v: formatUnits(current.v),
        // Turnover when any finer candle kept it; none when none did (recorded before it was kept).
        ...(current.kept ? { q: formatUnits(current.q) } : {}),
      });
    }
  };
  for (const candle of candles) {
    if (candle.t < previousT) throw new RangeError('candles must be sorted by t');
    previousT = candle.t;
    const t = bucketStart(to, candle.t);
    const h = parseUnits(candle.h);
    const l = parseUnits(candle.l);
    const v = parseUnits(candle.v);
    const q = turnoverOf(candle);
    if (current && current.t === t) {
      current.h = max(current.h, h);
      current.l = min(current.l, l);
      current.c = candle.c;
      current.v += v;
      current.q += q;
      current.kept ||= candle.q !== undefined;
    } else {
      flush();
      current = { t, o: candle.o, h, l, c: candle.c, v, q, kept: candle.q !== undefined };
    }
  }
  flush();
  return out;
}
