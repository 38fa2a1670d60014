import { describe, expect, it } from 'vitest';
import { indicatorLines, points, toIndicators } from './indicators.ts';

describe('toIndicators', () => {
  it('keeps the known indicators once each, in the toggles order', () => {
    expect(toIndicators(['rsi', 'ma', 'rsi', 'volume'])).toEqual(['ma', 'rsi']);
  });

  it('reads anything else (nothing stored, a damaged value) as none on', () => {
    expect(toIndicators(undefined)).toEqual([]);
    expect(toIndicators('ma')).toEqual([]);
    expect(toIndicators({ ma: true })).toEqual([]);
  });
});

describe('points', () => {
  it('pairs each value with its candle time and leaves out candles without one', () => {
    expect(points([undefined, 2, 3], [10, 20, 30])).toEqual([
      { time: 20, value: 2 },
      { time: 30, value: 3 },
    ]);
  });
});

describe('indicatorLines', () => {
  it('gives Bollinger three lines and MACD three, one value per candle', () => {
    const closes = Array.from({ length: 40 }, (_, i) => String(100 + (i % 7)));
    expect(indicatorLines('boll', closes).map((l) => l.length)).toEqual([40, 40, 40]);
    expect(indicatorLines('macd', closes).map((l) => l.length)).toEqual([40, 40, 40]);
    // MA(20) starts at the 20th candle, RSI(14) at the 15th.
    expect(indicatorLines('ma', closes)[0]?.findIndex((v) => v !== undefined)).toBe(19);
    expect(indicatorLines('rsi', closes)[0]?.findIndex((v) => v !== undefined)).toBe(14);
  });
});
