import { describe, expect, it } from 'vitest';
import { deepestTotal, depthPoints, midPrice } from './depth.ts';

describe('depthPoints', () => {
  it('cumulates the bids from the best (highest) bid downwards, exactly', () => {
    // Given out of order. By hand, high to low:
    //   100.5  0.1            -> 0.1
    //   100.4  0.2  0.1+0.2   -> 0.3 (0.30000000000000004 in floating point)
    //   99     1.5  0.3+1.5   -> 1.8
    const bids = [
      ['100.4', '0.2'],
      ['99', '1.5'],
      ['100.5', '0.1'],
    ] as const;
    expect(depthPoints(bids, 'bids')).toEqual([
      { price: '100.5', total: '0.1' },
      { price: '100.4', total: '0.3' },
      { price: '99', total: '1.8' },
    ]);
  });

  it('cumulates the asks from the best (lowest) ask upwards', () => {
    // By hand, low to high:
    //   60000.01  0.000001                  -> 0.000001
    //   60000.02  2          0.000001+2     -> 2.000001
    //   60010     0.5        2.000001+0.5   -> 2.500001
    const asks = [
      ['60010', '0.5'],
      ['60000.01', '0.000001'],
      ['60000.02', '2'],
    ] as const;
    expect(depthPoints(asks, 'asks')).toEqual([
      { price: '60000.01', total: '0.000001' },
      { price: '60000.02', total: '2.000001' },
      { price: '60010', total: '2.500001' },
    ]);
  });

  it('an empty side has no points; one level is one point of its own size', () => {
    expect(depthPoints([], 'bids')).toEqual([]);
    expect(depthPoints([], 'asks')).toEqual([]);
    expect(depthPoints([['1.25', '3']], 'asks')).toEqual([{ price: '1.25', total: '3' }]);
  });

  it('skips unreadable, zero and negative levels, and adds equal prices into one point', () => {
    // 2 and 2.0 are one price: 1 + 0.5 = 1.5; then 1.9 adds 0.25 -> 1.75.
    const bids = [
      ['2', '1'],
      ['x', '1'],
      ['1.95', '0'],
      ['2.0', '0.5'],
      ['1.9', '0.25'],
      ['1.8', '-1'],
    ] as const;
    expect(depthPoints(bids, 'bids')).toEqual([
      { price: '2', total: '1.5' },
      { price: '1.9', total: '1.75' },
    ]);
  });
});

describe('midPrice', () => {
  it('is halfway between the best bid and the best ask, exactly', () => {
    // (100.5 + 100.52) / 2 = 201.02 / 2 = 100.51
    expect(midPrice([{ price: '100.5', total: '1' }], [{ price: '100.52', total: '1' }])).toBe('100.51');
    // (0.01 + 0.02) / 2 = 0.015: a place finer than the tick, kept.
    expect(midPrice([{ price: '0.01', total: '1' }], [{ price: '0.02', total: '1' }])).toBe('0.015');
  });

  it('is none while either side is empty', () => {
    expect(midPrice([], [{ price: '1', total: '1' }])).toBeNull();
    expect(midPrice([{ price: '1', total: '1' }], [])).toBeNull();
  });
});

describe('deepestTotal', () => {
  it("is the larger side's whole size, compared exactly; 0 for an empty book", () => {
    // 1.0000000000000001 > 1: equal as JS numbers, not as decimals.
    expect(deepestTotal([{ price: '1', total: '1' }], [{ price: '2', total: '1.0000000000000001' }])).toBe(
      '1.0000000000000001',
    );
    expect(deepestTotal([{ price: '1', total: '2.5' }], [])).toBe('2.5');
    expect(deepestTotal([], [])).toBe('0');
  });
});
