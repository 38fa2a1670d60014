import type { Candle } from '@otc/protocol/market/schemas';
import { describe, expect, it } from 'vitest';
import { applyLive, chartTime, prependOlder } from './candles.ts';

const bar = (t: number, c = '1'): Candle => ({ t, o: '1', h: '1', l: '1', c, v: '0' });

describe('candles', () => {
  it('updates the open candle or appends the next one', () => {
    const bars = [bar(60_000), bar(120_000)];
    expect(applyLive(bars, bar(120_000, '2'))).toEqual({
      bars: [bar(60_000), bar(120_000, '2')],
      change: 'last',
    });
    expect(applyLive(bars, bar(180_000)).bars.map((b) => b.t)).toEqual([60_000, 120_000, 180_000]);
    expect(applyLive(bars, bar(60_000, '3'))).toEqual({
      bars: [bar(60_000, '3'), bar(120_000)],
      change: 'history',
    });
    expect(applyLive(bars, bar(0)).change).toBe('none');
    expect(applyLive(bars, { nope: 1 }).change).toBe('none');
    expect(applyLive([], bar(5)).bars).toEqual([bar(5)]);
  });

  it('puts older candles in front without repeats', () => {
    expect(prependOlder([bar(3), bar(4)], [bar(1), bar(2), bar(3)]).map((b) => b.t)).toEqual([1, 2, 3, 4]);
    expect(prependOlder([], [bar(1)]).map((b) => b.t)).toEqual([1]);
  });

  it('keeps daily candles on their UTC date', () => {
    const midnight = Date.UTC(2026, 0, 5);
    expect(chartTime(midnight, '1d')).toBe(midnight / 1000);
    expect(chartTime(midnight, '1m')).toBe(midnight / 1000 - new Date(midnight).getTimezoneOffset() * 60);
  });
});
