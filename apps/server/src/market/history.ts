import {
  aggregate,
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
  open: bigint;
  close: bigint;
  volume: string;
}

function volume(spec: InstrumentSpec, rng: Rng, minutes: number): string {
  // Whole lots, so volumes are exact: between 1 and 400 lots per simulated minute.
  const lots = BigInt(Math.floor(rng.next() * 400 * minutes) + 1);
  return formatUnits(parseUnits(spec.lotSize) * lots);
}

/**
 * A generated candle trades its volume at its close: its turnover (quote volume), exact. Set on
 * the aggregated candles, not on every simulated step: a year of steps is what a fill costs.
 */
function withTurnover(candle: Candle): Candle {
  return { ...candle, q: formatUnits(mulUnits(parseUnits(candle.c), parseUnits(candle.v))) };
}

/**
 * A year of history for an instrument with its own walk, from its seed, ending where its live
 * market began: every candle that closed before `endMs` (a bucket still open then belongs to the
 * live feed, so the two never write the same candle and leave no gap between them). The walk is
 * scaled to end at `endPrice`, where the live feed continued from. Every interval's candles are
 * aggregated from the steps no longer than it, over its span.
 */
export function generateHistory(
  spec: InstrumentSpec,
  seed: string,
  endMs: number,
  endPrice: string = spec.startPrice,
): Record<Interval, Candle[]> {
  const rng = createRng(deriveSeed(seed, spec.symbol, 'history'));
  const params = CLASS_WALK[spec.class];
  const end = Math.floor(endMs / MINUTE) * MINUTE;
  let t = Math.floor((end - 365 * DAY) / DAY) * DAY;
  let state = { ticks: priceToTicks(spec.startPrice, spec.tickSize) };
  const steps: Step[] = [];
  for (const { dt, until } of STEPS) {
    for (; t < end - until; t += dt) {
      const open = state.ticks;
      state = step(state, params, dt, rng);
      steps.push({ t, dt, open, close: state.ticks, volume: volume(spec, rng, dt / MINUTE) });
    }
  }
  // Scale the whole path (in ticks, exactly) so it ends at endPrice: history leads to the live price.
  const target = priceToTicks(endPrice, spec.tickSize);
  const last = state.ticks;
  const price = (ticks: bigint) => {
    const scaled = (ticks * target * 2n + last) / (last * 2n);
    return ticksToPrice(scaled < 1n ? 1n : scaled, spec.tickSize);
  };
  const base = steps.map((s) => {
    const o = price(s.open);
    const c = price(s.close);
    const [h, l] = s.close >= s.open ? [c, o] : [o, c];
    return { t: s.t, dt: s.dt, candle: { t: s.t, o, h, l, c, v: s.volume } };
  });
  const candles = {} as Record<Interval, Candle[]>;
  for (const interval of Object.keys(HISTORY_SPAN) as Interval[]) {
    const size = INTERVAL_MS[interval];
    const from = bucketStart(interval, end - HISTORY_SPAN[interval]);
    candles[interval] = aggregate(
      base.filter((b) => b.t >= from && b.dt <= size).map((b) => b.candle),
      interval,
    )
      .filter((c) => c.t + size <= end)
      .map(withTurnover);
  }
  return candles;
}
