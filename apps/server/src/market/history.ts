import {
  bucketStart,
  type Candle,
  CLASS_WALK,
  createRng,
  deriveSeed,
  formatUnits,
  INTERVAL_MS,
  type Interval,
  mulUnits,
  parseUnits,
  priceToTicks,
  type Rng,
  step,
  ticksToPrice,
} from '@otc/core';
import type { InstrumentSpec } from './instruments.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How far back each interval's generated history reaches (charts are full on day one). */
export const HISTORY_SPAN: Record<Interval, number> = {
  '1m': DAY / 2,
  '5m': 2 * DAY,
  '15m': 5 * DAY,
  '1h': 30 * DAY,
  '4h': 60 * DAY,
  '1d': 365 * DAY,
  '1w': 365 * DAY,
};

/**
 * The walk's step before each point, coarse far back and fine near the end, as an exchange keeps
 * its data: each interval's span is covered by steps no longer than its candles, and no finer
 * (a 1-minute walk over a year is 500 000 steps an instrument for candles nobody sees).
 */
const STEPS: { dt: number; until: number }[] = [
  { dt: DAY, until: HISTORY_SPAN['4h'] },
  { dt: HOUR, until: HISTORY_SPAN['15m'] },
  { dt: 15 * MINUTE, until: HISTORY_SPAN['5m'] },
  { dt: 5 * MINUTE, until: HISTORY_SPAN['1m'] },
  { dt: MINUTE, until: 0 },
];

interface Step {
  t: number;
  dt: number;
  /** Where the step opened and closed, in ticks of the walk (before it is scaled to end at the live price). */
  open: bigint;
  close: bigint;
  /** What it traded, in units (whole lots). */
  volume: bigint;
}

/** Whole lots, so volumes are exact: between 1 and 400 lots per simulated minute. */
function lots(rng: Rng, minutes: number): bigint {
  return BigInt(Math.floor(rng.next() * 400 * minutes) + 1);
}

/**
 * The instrument's walk over the year before `endMs`, step by step, and the function that turns
 * its ticks into prices (in units) scaled so the walk ends at `endPrice`, where the live feed
 * continued from: history leads to the live price.
 */
export function historyWalk(
  spec: InstrumentSpec,
  seed: string,
  endMs: number,
  endPrice: string = spec.startPrice,
): { steps: Step[]; end: number; priceUnits: (ticks: bigint) => bigint } {
  const rng = createRng(deriveSeed(seed, spec.symbol, 'history'));
  const params = CLASS_WALK[spec.class];
  const lot = parseUnits(spec.lotSize);
  const end = Math.floor(endMs / MINUTE) * MINUTE;
  let t = Math.floor((end - 365 * DAY) / DAY) * DAY;
  let state = { ticks: priceToTicks(spec.startPrice, spec.tickSize) };
  const steps: Step[] = [];
  for (const { dt, until } of STEPS) {
    for (; t < end - until; t += dt) {
      const open = state.ticks;
      state = step(state, params, dt, rng);
      steps.push({ t, dt, open, close: state.ticks, volume: lot * lots(rng, dt / MINUTE) });
    }
  }
  // Scaled exactly, in ticks, then to units (what ticksToPrice gives, without the text between).
  const target = priceToTicks(endPrice, spec.tickSize);
  const last = state.ticks;
  const tick = parseUnits(ticksToPrice(1n, spec.tickSize));
  const priceUnits = (ticks: bigint) => {
    const scaled = (ticks * target * 2n + last) / (last * 2n);
    return (scaled < 1n ? 1n : scaled) * tick;
  };
  return { steps, end, priceUnits };
}

/**
 * A year of history for an instrument with its own walk, from its seed, ending where its live
 * market began: every candle that closed before `endMs` (a bucket still open then belongs to the
 * live feed, so the two never write the same candle and leave no gap between them). Every
 * interval's candles gather the walk's steps no longer than it, over its span, as `aggregate` would
 * gather them as candles (the unit test holds the two equal), but in ticks and units: the scaling is
 * monotonic, so a bucket's high is the price of its highest tick, and no price is written as text
 * and read back (that was most of a fill's time). Each candle trades its volume at its close: its
 * turnover, exact.
 */
export function generateHistory(
  spec: InstrumentSpec,
  seed: string,
  endMs: number,
  endPrice: string = spec.startPrice,
): Record<Interval, Candle[]> {
  const { steps, end, priceUnits } = historyWalk(spec, seed, endMs, endPrice);
  const candles = {} as Record<Interval, Candle[]>;
  for (const interval of Object.keys(HISTORY_SPAN) as Interval[]) {
    const size = INTERVAL_MS[interval];
    const from = bucketStart(interval, end - HISTORY_SPAN[interval]);
    const out: Candle[] = [];
    let bucket: { t: number; o: bigint; h: bigint; l: bigint; c: bigint; v: bigint } | undefined;
    const flush = () => {
      if (!bucket || bucket.t + size > end) return;
      const c = priceUnits(bucket.c);
      out.push({
        t: bucket.t,
        o: formatUnits(priceUnits(bucket.o)),
        h: formatUnits(priceUnits(bucket.h)),
        l: formatUnits(priceUnits(bucket.l)),
        c: formatUnits(c),
        v: formatUnits(bucket.v),
        q: formatUnits(mulUnits(c, bucket.v)),
      });
    };
    for (const s of steps) {
      if (s.t < from || s.dt > size) continue;
      const t = bucketStart(interval, s.t);
      const [high, low] = s.close >= s.open ? [s.close, s.open] : [s.open, s.close];
      if (bucket?.t === t) {
        if (high > bucket.h) bucket.h = high;
        if (low < bucket.l) bucket.l = low;
        bucket.c = s.close;
        bucket.v += s.volume;
      } else {
        flush();
        bucket = { t, o: s.open, h: high, l: low, c: s.close, v: s.volume };
      }
    }
    flush();
    candles[interval] = out;
  }
  return candles;
}
