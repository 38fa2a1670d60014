import { describe, expect, it } from 'vitest';
import { bookRows, mergeLevels, onStep, orderTotals, percentQty, priceOnTick, toBook } from './spotMath.ts';

describe('percentQty', () => {
  const base = { availableBase: '0.123456', availableQuote: '1000', lotSize: '0.0001' };
  it('buys a share of the quote balance at the price, cut to the lot', () => {
    expect(percentQty({ ...base, percent: 100, side: 'buy', price: '30000' })).toBe('0.0333');
    expect(percentQty({ ...base, percent: 25, side: 'buy', price: '30000' })).toBe('0.0083');
    expect(percentQty({ ...base, percent: 50, side: 'buy', price: '3' })).toBe('166.6666');
  });
  it('sells a share of the base balance, cut to the lot', () => {
    expect(percentQty({ ...base, percent: 100, side: 'sell', price: undefined })).toBe('0.1234');
    expect(percentQty({ ...base, percent: 75, side: 'sell', price: '1' })).toBe('0.0925');
  });
  it('gives nothing without a price to buy at, and zero without a balance', () => {
    expect(percentQty({ ...base, percent: 50, side: 'buy', price: '' })).toBe('');
    expect(percentQty({ ...base, percent: 50, side: 'buy', price: '0' })).toBe('');
    expect(percentQty({ ...base, availableQuote: undefined, percent: 50, side: 'buy', price: '1' })).toBe(
      '0',
    );
  });
  it('is exact where floating point is not', () => {
    // 0.3 / 0.1 is 2.9999999999999996 in JS numbers.
    expect(
      percentQty({ ...base, availableQuote: '0.3', lotSize: '1', percent: 100, side: 'buy', price: '0.1' }),
    ).toBe('3');
  });
});

describe('orderTotals', () => {
  const rates = { makerFee: '0.001', takerFee: '0.002' };
  it('multiplies exactly and sets aside the fee at the higher rate, rounded up, as the server freezes', () => {
    expect(orderTotals('0.1', '0.2', rates)).toEqual({ total: '0.02', fee: '0.00004' });
    expect(orderTotals('30000.5', '0.0123', rates)).toEqual({ total: '369.00615', fee: '0.7380123' });
    expect(orderTotals('1', '0.000000000000000001', rates)).toEqual({
      total: '0.000000000000000001',
      fee: '0.000000000000000001',
    });
  });
  it('is null until price and quantity are both positive', () => {
    expect(orderTotals('', '1', rates)).toBeNull();
    expect(orderTotals('1', '0', rates)).toBeNull();
    expect(orderTotals(undefined, '1', rates)).toBeNull();
    expect(orderTotals('2', '3.', undefined)).toEqual({ total: '6', fee: '0' });
  });
});

describe('onStep', () => {
  it('checks tick and lot multiples exactly', () => {
    expect(onStep('30000.01', '0.01')).toBe(true);
    expect(onStep('30000.015', '0.01')).toBe(false);
    expect(onStep('0.3', '0.1')).toBe(true);
    expect(onStep('x', '0.1')).toBe(false);
  });
});

describe('order book', () => {
  it('merges equal prices, drops bad levels and sorts best first', () => {
    expect(
      mergeLevels(
        [
          ['101', '1'],
          ['100', '2'],
          ['100.0', '0.5'],
          ['bad', '1'],
          ['102', '0'],
        ],
        'asks',
        10,
      ),
    ).toEqual([
      ['100', '2.5'],
      ['101', '1'],
    ]);
    expect(
      mergeLevels(
        [
          ['99', '1'],
          ['98', '1'],
          ['99.5', '3'],
        ],
        'bids',
        2,
      ),
    ).toEqual([
      ['99.5', '3'],
      ['99', '1'],
    ]);
  });
  it('draws cumulative depth bars as percentages of the side', () => {
    expect(
      bookRows([
        ['100', '1'],
        ['101', '1'],
        ['102', '2'],
      ]).map((r) => r.depth),
    ).toEqual([25, 50, 100]);
    expect(bookRows([])).toEqual([]);
  });
  it('reads a depth frame and refuses anything else', () => {
    expect(toBook({ symbol: 'BTC/USDT', asks: [['2', '1']], bids: [['1', '1']] }, 20)).toEqual({
      asks: [['2', '1']],
      bids: [['1', '1']],
    });
    expect(toBook(null, 20)).toBeNull();
    expect(toBook({ asks: [] }, 20)).toBeNull();
  });
});

describe('priceOnTick', () => {
  it('writes the price with the tick decimals, as the book shows it', () => {
    expect(priceOnTick('67519.5', '0.01')).toBe('67519.50');
    expect(priceOnTick('67519', '0.01')).toBe('67519.00');
    expect(priceOnTick('1.2', '0.0001')).toBe('1.2000');
  });
  it('cuts a price off the tick down to it, never up', () => {
    expect(priceOnTick('67519.579', '0.01')).toBe('67519.57');
    expect(priceOnTick('67519.99', '0.5')).toBe('67519.5');
    expect(priceOnTick('67519.9', '1')).toBe('67519');
  });
  it('gives an empty box for no price', () => {
    expect(priceOnTick('', '0.01')).toBe('');
    expect(priceOnTick('abc', '0.01')).toBe('');
  });
});
