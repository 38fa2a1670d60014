import { describe, expect, it } from 'vitest';
import { bollinger, ema, type Line, macd, rsi, sma } from '../../src/market/indicators.ts';

const u = undefined;

/** Values are display numbers: compared to 9 places, the hand computations' fractions written out. */
function expectLine(actual: Line, expected: Line) {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((value, i) => {
    if (value === undefined) expect(actual[i], `index ${i}`).toBeUndefined();
    else expect(actual[i], `index ${i}`).toBeCloseTo(value, 9);
  });
}

describe('sma', () => {
  it('averages the last n closes', () => {
    // (2+4+6)/3 = 4; (4+6+8)/3 = 6; (6+8+12)/3 = 26/3
    expectLine(sma(['2', '4', '6', '8', '12'], 3), [u, u, 4, 6, 26 / 3]);
  });

  it('reads decimal strings as they are written', () => {
    // (0.1+0.2+0.3)/3 = 0.2, and 12 places survive: (1.000000000001 + 1.000000000003)/2
    expectLine(sma(['0.1', '0.2', '0.3'], 3), [u, u, 0.2]);
    expectLine(sma(['1.000000000001', '1.000000000003'], 2), [u, 1.000000000002]);
  });

  it('has no value with fewer candles than n', () => {
    expectLine(sma(['1', '2'], 3), [u, u]);
    expect(sma([], 3)).toEqual([]);
  });
});

describe('ema', () => {
  it('starts at the SMA of the first n, then weighs each close 2/(n+1)', () => {
    // n=3, k=0.5: seed (2+4+6)/3 = 4; 8*0.5 + 4*0.5 = 6; 12*0.5 + 6*0.5 = 9
    expectLine(ema(['2', '4', '6', '8', '12'], 3), [u, u, 4, 6, 9]);
  });

  it('has no value with fewer candles than n', () => {
    expectLine(ema(['5', '6'], 3), [u, u]);
  });
});

describe('bollinger', () => {
  it('is the SMA and k population standard deviations either side', () => {
    // n=2: each pair (1,3) or (3,1) has mean 2, sd sqrt(((1-2)^2 + (3-2)^2)/2) = 1; k=2 gives 2±2
    const bands = bollinger(['1', '3', '1', '3'], 2, 2);
    expectLine(bands.middle, [u, 2, 2, 2]);
    expectLine(bands.upper, [u, 4, 4, 4]);
    expectLine(bands.lower, [u, 0, 0, 0]);
  });

  it('closes on the middle line when the price does not move', () => {
    const bands = bollinger(['5', '5', '5'], 3, 2);
    expectLine(bands.upper, [u, u, 5]);
    expectLine(bands.lower, [u, u, 5]);
  });

  it('has no value with fewer candles than n (20 by default)', () => {
    const closes = Array.from({ length: 19 }, (_, i) => String(100 + i));
    expect(bollinger(closes).upper.every((v) => v === undefined)).toBe(true);
    expect(bollinger([...closes, '120']).upper[19]).toBeDefined();
  });
});

describe('macd', () => {
  it('is EMA(fast) - EMA(slow), with the EMA of that as signal and their difference as histogram', () => {
    // fast=2 (k=2/3) over 1,2,4,8,16: 3/2, 4*2/3+3/2/3 = 19/6, 8*2/3+19/18 = 115/18, 16*2/3+115/54 = 691/54
    // slow=3 (k=1/2): 7/3, 4+7/6 = 31/6, 8+31/12 = 127/12
    // macd: 19/6-7/3 = 5/6, 115/18-31/6 = 11/9, 691/54-127/12 = 239/108
    // signal=2 over macd: seed (5/6+11/9)/2 = 37/36, then 239/108*2/3 + 37/36/3 = 589/324
    // histogram: 11/9-37/36 = 7/36, 239/108-589/324 = 32/81
    const m = macd(['1', '2', '4', '8', '16'], 2, 3, 2);
    expectLine(m.macd, [u, u, 5 / 6, 11 / 9, 239 / 108]);
    expectLine(m.signal, [u, u, u, 37 / 36, 589 / 324]);
    expectLine(m.histogram, [u, u, u, 7 / 36, 32 / 81]);
  });

  it('needs 26 closes for the line and 34 for the signal with 12, 26, 9', () => {
    const closes = Array.from({ length: 34 }, (_, i) => String(100 + (i % 5)));
    const m = macd(closes);
    expect(m.macd.findIndex((v) => v !== undefined)).toBe(25);
    expect(m.signal.findIndex((v) => v !== undefined)).toBe(33);
    expect(m.histogram.findIndex((v) => v !== undefined)).toBe(33);
    expect(macd(closes.slice(0, 25)).macd.every((v) => v === undefined)).toBe(true);
  });
});

describe('rsi', () => {
  it('smooths gains and losses the Wilder way', () => {
    // n=3 over 10,11,10,12,12,9: changes +1,-1,+2,0,-3
    // first: gain (1+0+2)/3 = 1, loss (0+1+0)/3 = 1/3, RS 3, RSI 100-100/4 = 75
    // change 0: gain (1*2+0)/3 = 2/3, loss (1/3*2+0)/3 = 2/9, RS 3, RSI 75
    // change -3: gain (2/3*2)/3 = 4/9, loss (2/9*2+3)/3 = 31/27, RS 12/31, RSI 100-100*31/43 = 1200/43
    expectLine(rsi(['10', '11', '10', '12', '12', '9'], 3), [u, u, u, 75, 75, 1200 / 43]);
  });

  it('is 100 with no losses and 50 with no change at all', () => {
    expectLine(rsi(['1', '2', '3', '4'], 3), [u, u, u, 100]);
    expectLine(rsi(['7', '7', '7', '7'], 3), [u, u, u, 50]);
  });

  it('needs n changes, so n+1 closes (15 with the default 14)', () => {
    const closes = Array.from({ length: 14 }, (_, i) => String(50 + (i % 3)));
    expect(rsi(closes).every((v) => v === undefined)).toBe(true);
    expect(rsi([...closes, '49'])[14]).toBeDefined();
  });
});
