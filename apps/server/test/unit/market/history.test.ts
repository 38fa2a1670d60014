import {
  aggregate,
  bucketStart,
  type Candle,
  formatUnits,
  INTERVAL_MS,
  type Interval,
  mulUnits,
  parseUnits,
} from '@otc/core';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../../src/market/catalogue.ts';
import { generateHistory, HISTORY_SPAN, historyWalk } from '../../../src/market/history.ts';
import type { InstrumentSpec } from '../../../src/market/instruments.ts';

const spec = (e: (typeof CATALOGUE)[number]) =>
  ({
    ...e,
    tickSize: e.tick,
    lotSize: e.lot,
    startPrice: e.price,
    indexSymbol: null,
  }) as unknown as InstrumentSpec;
const END = Date.UTC(2026, 10, 27, 13, 37, 21);

/**
 * The history as a person would write it: each step of the walk a candle with its prices as text,
 * every interval `aggregate`d from the steps no longer than it, each candle trading its volume at its
 * close. generateHistory gathers the same steps in ticks and units (most of a fill's time was the
 * text in between): they must give the very same candles.
 */
function byAggregate(s: InstrumentSpec, endPrice?: string): Record<Interval, Candle[]> {
  const { steps, end, priceUnits } = historyWalk(s, 'seed-1', END, endPrice);
  const price = (ticks: bigint) => formatUnits(priceUnits(ticks));
  const base = steps.map((st) => {
    const [h, l] = st.close >= st.open ? [st.close, st.open] : [st.open, st.close];
    return {
      st,
      candle: {
        t: st.t,
        o: price(st.open),
        h: price(h),
        l: price(l),
        c: price(st.close),
        v: formatUnits(st.volume),
      },
    };
  });
  const out = {} as Record<Interval, Candle[]>;
  for (const interval of Object.keys(HISTORY_SPAN) as Interval[]) {
    const size = INTERVAL_MS[interval];
    const from = bucketStart(interval, end - HISTORY_SPAN[interval]);
    out[interval] = aggregate(
      base.filter((b) => b.st.t >= from && b.st.dt <= size).map((b) => b.candle),
      interval,
    )
      .filter((c) => c.t + size <= END - (END % 60_000))
      .map((c) => ({ ...c, q: formatUnits(mulUnits(parseUnits(c.c), parseUnits(c.v))) }));
  }
  return out;
}

describe('generated market history', () => {
  const oneOfEach = [...new Map(CATALOGUE.map((e) => [e.class, e])).values()];

  it.each(oneOfEach.map((e) => [e.class, e.symbol]))(
    '%s (%s): the candles aggregate gives from the walk',
    (_, symbol) => {
      const s = spec(CATALOGUE.find((e) => e.symbol === symbol) as (typeof CATALOGUE)[number]);
      expect(generateHistory(s, 'seed-1', END)).toEqual(byAggregate(s));
      // Ending at another live price scales the whole walk: still the same candles both ways.
      const doubled = formatUnits(parseUnits(s.startPrice) * 2n);
      expect(generateHistory(s, 'seed-1', END, doubled)).toEqual(byAggregate(s, doubled));
    },
  );

  it('reaches back a year in daily candles, ends before the live minute, and ends at the live price', () => {
    const s = spec(CATALOGUE[0] as (typeof CATALOGUE)[number]);
    const h = generateHistory(s, 'seed-1', END, '70000');
    const minutes = h['1m'];
    // Half a day of minutes, each one (the 5-minute walk before them may reach a few minutes in).
    expect(minutes.length).toBeGreaterThan(700);
    expect(minutes.every((c, i) => i === 0 || c.t - (minutes[i - 1] as Candle).t === 60_000)).toBe(true);
    expect(minutes.at(-1)?.t).toBe(END - (END % 60_000) - 60_000);
    expect(minutes.at(-1)?.c).toBe('70000');
    expect(h['1d'].length).toBeGreaterThanOrEqual(364);
    for (const c of minutes)
      expect(parseUnits(c.l) <= parseUnits(c.o) && parseUnits(c.o) <= parseUnits(c.h)).toBe(true);
  });
});
