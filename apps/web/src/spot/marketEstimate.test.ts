import { describe, expect, it } from 'vitest';
import { marketEstimate } from './marketEstimate.ts';

const BTC = { tickSize: '0.01', lotSize: '0.00001', minNotional: '5' };
const book = {
  asks: [
    ['60030', '0.01'],
    ['60060', '0.02'],
  ] as const,
  bids: [['59970', '0.5']] as const,
};

describe('marketEstimate', () => {
  it('walks the asks for a buy and adds the taker fee', () => {
    // 0.01 at 60030 + 0.005 at 60060 = 600.3 + 300.3 = 900.6; 0.1% = 0.9006.
    expect(
      marketEstimate(BTC, 'buy', '0.015', { asks: [...book.asks], bids: [...book.bids] }, '0.001'),
    ).toEqual({
      filled: '0.015',
      avgPrice: '60040',
      fee: '0.9006',
      total: '901.5006',
      thin: false,
    });
  });

  it('says how much would fill when the book is too thin', () => {
    const e = marketEstimate(BTC, 'buy', '0.05', { asks: [...book.asks], bids: [...book.bids] }, '0.001');
    expect(e).toMatchObject({ filled: '0.03', thin: true });
  });

  it('sells into the bids with the VIP rate it is given, the fee taken off', () => {
    const e = marketEstimate(BTC, 'sell', '0.1', { asks: [...book.asks], bids: [...book.bids] }, '0.0008');
    // 0.1 x 59970 = 5997; 0.08% = 4.7976.
    expect(e).toMatchObject({ filled: '0.1', fee: '4.7976', total: '5992.2024', thin: false });
  });

  it('shows nothing without a book or a quantity on the lot, and the refusal below the minimum', () => {
    expect(marketEstimate(BTC, 'buy', '0.01', null, '0.001')).toBeNull();
    expect(marketEstimate(BTC, 'buy', '0.000001', { asks: [], bids: [] }, '0.001')).toBeNull();
    expect(marketEstimate(BTC, 'buy', '', { asks: [], bids: [] }, '0.001')).toBeNull();
    expect(marketEstimate(BTC, 'buy', '0.00001', { asks: [...book.asks], bids: [] }, '0.001')).toMatchObject({
      refused: 'below_min_notional',
    });
    expect(marketEstimate(BTC, 'buy', '0.01', { asks: [], bids: [] }, '0.001')).toMatchObject({
      refused: 'no_liquidity',
    });
  });
});
