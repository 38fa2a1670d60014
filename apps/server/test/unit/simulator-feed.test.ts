import { describe, expect, it, vi } from 'vitest';
import { CATALOGUE } from '../../src/market/catalogue.ts';
import type { IndexTick } from '../../src/market/feeds/feed.ts';
import { simulatorFeed } from '../../src/market/feeds/simulator.ts';
import type { InstrumentSpec } from '../../src/market/instruments.ts';

const specs: InstrumentSpec[] = CATALOGUE.map((e) => ({
  symbol: e.symbol,
  name: e.name,
  kind: e.kind,
  class: e.class,
  base: e.base,
  quote: e.quote,
  indexSymbol: e.index ?? null,
  tickSize: e.tick,
  lotSize: e.lot,
  minNotional: e.minNotional,
  maxLeverage: e.leverage,
  makerFee: e.maker,
  takerFee: e.taker,
  stampDuty: e.stampDuty ?? '0',
  session: e.session,
  adminHalted: false,
  startPrice: e.price,
}));

function run(seed: string, at: number, seconds: number): IndexTick[] {
  vi.useFakeTimers();
  const ticks: IndexTick[] = [];
  const feed = simulatorFeed(specs, new Map(), seed, 1000, () => at);
  feed.start((t) => ticks.push(t));
  vi.advanceTimersByTime(seconds * 1000);
  feed.stop();
  vi.useRealTimers();
  return ticks;
}

describe('the simulated feed', () => {
  const saturdayNoon = Date.UTC(2026, 10, 21, 12, 0);
  const wednesdayUsOpen = Date.UTC(2026, 10, 18, 15, 0);

  it('is reproducible from its seed and differs between seeds', () => {
    expect(run('a', wednesdayUsOpen, 5)).toEqual(run('a', wednesdayUsOpen, 5));
    expect(run('a', wednesdayUsOpen, 5)).not.toEqual(run('b', wednesdayUsOpen, 5));
  });

  it('ticks only instruments with their own index whose session is open, on their tick grid', () => {
    const weekend = new Set(run('a', saturdayNoon, 3).map((t) => t.symbol));
    expect(weekend.has('BTC/USDT')).toBe(true);
    expect(weekend.has('AAPL')).toBe(false);
    expect(weekend.has('EUR/USD')).toBe(false);
    expect(weekend.has('BTC-PERP')).toBe(false);
    const weekday = run('a', wednesdayUsOpen, 2);
    expect(new Set(weekday.map((t) => t.symbol)).has('AAPL')).toBe(true);
    for (const t of weekday) {
      const tick = specs.find((s) => s.symbol === t.symbol)?.tickSize ?? '';
      const decimals = tick.split('.')[1]?.length ?? 0;
      expect((t.price.split('.')[1] ?? '').length, t.symbol).toBeLessThanOrEqual(decimals);
    }
  });

  it('derives every cross from its USD legs each tick (EUR/GBP = EUR/USD / GBP/USD to its tick)', () => {
    const ticks = run('a', wednesdayUsOpen, 30);
    // One map per interval's ticks (the clock stands still here: a symbol seen again starts the next).
    const rounds: Map<string, string>[] = [];
    for (const t of ticks) {
      if (rounds.length === 0 || rounds[rounds.length - 1]?.has(t.symbol)) rounds.push(new Map());
      rounds[rounds.length - 1]?.set(t.symbol, t.price);
    }
    const cases: [string, (p: (s: string) => number) => number, number][] = [
      ['EUR/GBP', (p) => p('EUR/USD') / p('GBP/USD'), 0.00001],
      ['EUR/JPY', (p) => p('EUR/USD') * p('USD/JPY'), 0.001],
      ['GBP/JPY', (p) => p('GBP/USD') * p('USD/JPY'), 0.001],
    ];
    let checked = 0;
    for (const m of rounds) {
      const p = (symbol: string) => Number(m.get(symbol));
      for (const [cross, fromLegs, tick] of cases) {
        if (!m.has(cross)) continue;
        // Half a tick of rounding (and a float's error, far below it).
        expect(Math.abs(p(cross) - fromLegs(p)), cross).toBeLessThanOrEqual(tick / 2 + 1e-9);
        checked++;
      }
    }
    expect(checked).toBe(3 * 30);
  });
});
