import {
  aggregate,
  bucketStart,
  type Candle,
  CLASS_WALK,
  createRng,
  deriveSeed,
  formatUnits,
  type Interval,
  parseUnits,
  priceToTicks,
  type Rng,
  step,
  ticksToPrice,
} from '@otc/core';
import type { InstrumentSpec } from './instruments.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

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

function volume(spec: InstrumentSpec, rng: Rng, minutes: number): string {
  // Whole lots, so volumes are exact: between 1 and 400 lots per simulated minute.
  const lots = BigInt(Math.floor(rng.next() * 400 * minutes) + 1);
  return formatUnits(parseUnits(spec.lotSize) * lots);
}

/**
 * A year of history for an instrument with its own walk, from its seed: daily steps until 60 days
 * ago, 15-minute steps until 3 days ago, then 1-minute steps up to `nowMs`. Every interval's
 * candles are aggregated from the finest candles covering its span; the path is scaled to end at
 * the catalogue's price, where the live feed continues.
 */
export function generateHistory(
  spec: InstrumentSpec,
  seed: string,
  nowMs: number,
): { candles: Record<Interval, Candle[]>; lastPrice: string } {
  const rng = createRng(deriveSeed(seed, spec.symbol, 'history'));
  const params = CLASS_WALK[spec.class];
  const end = Math.floor(nowMs / MINUTE) * MINUTE;
  const segments: [number, number][] = [
    [DAY, end - 60 * DAY],
    [15 * MINUTE, end - 3 * DAY],
    [MINUTE, end],
  ];
  let t = Math.floor((end - 365 * DAY) / DAY) * DAY;
  let state = { ticks: priceToTicks(spec.startPrice, spec.tickSize) };
  let price = ticksToPrice(state.ticks, spec.tickSize);
  const base: Candle[] = [];
  for (const [dt, until] of segments) {
    for (; t < until; t += dt) {
      const open = price;
      state = step(state, params, dt, rng);
      price = ticksToPrice(state.ticks, spec.tickSize);
      const [hi, lo] = state.ticks >= priceToTicks(open, spec.tickSize) ? [price, open] : [open, price];
      base.push({ t, o: open, h: hi, l: lo, c: price, v: volume(spec, rng, dt / MINUTE) });
    }
  }
  // Scale the whole path so it ends at the catalogue's price: history leads to today's price.
  const target = priceToTicks(spec.startPrice, spec.tickSize);
  const last = state.ticks;
  const scale = (p: string) => {
    const scaled = (priceToTicks(p, spec.tickSize) * target * 2n + last) / (last * 2n);
    return ticksToPrice(scaled < 1n ? 1n : scaled, spec.tickSize);
  };
  for (const c of base) {
    c.o = scale(c.o);
    c.h = scale(c.h);
    c.l = scale(c.l);
    c.c = scale(c.c);
  }
  const candles = {} as Record<Interval, Candle[]>;
  for (const interval of Object.keys(HISTORY_SPAN) as Interval[]) {
    const from = bucketStart(interval, end - HISTORY_SPAN[interval]);
    candles[interval] = aggregate(
      base.filter((c) => c.t >= from),
      interval,
    );
  }
  return { candles, lastPrice: spec.startPrice };
}
