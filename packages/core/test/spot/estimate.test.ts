import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUnits } from '../../src/money/decimal.ts';
import { createBook, type SpotBook } from '../../src/spot/book.ts';
import { averagePrice, estimateMarket, levelsInSteps, type StepLevel } from '../../src/spot/estimate.ts';
import { tradeFee } from '../../src/spot/fees.ts';
import { marketSpec, quoteUnits } from '../../src/spot/spec.ts';

// BTC/USDT-like: a tick is 0.01 USDT, a lot 0.0001 BTC, minimum order 5 USDT, 5% market protection.
const SPEC = marketSpec({ tickSize: '0.01', lotSize: '0.0001', minNotional: '5' });
const TAKER = parseUnits('0.001');
const px = (usdt: number) => BigInt(Math.round(usdt * 100));

const asks = (...levels: [number, bigint][]): StepLevel[] =>
  levels.map(([p, qty]) => ({ price: px(p), qty }));

describe('market order estimate', () => {
  it('walks the asks best first for a buy, with the taker fee on top', () => {
    // 1 BTC (10,000 lots): 0.5 at 100, 0.3 at 101, 0.2 of the 1.0 at 102.
    const e = estimateMarket(SPEC, 'buy', 10_000n, asks([100, 5_000n], [101, 3_000n], [102, 10_000n]), TAKER);
    expect(e.refused).toBeUndefined();
    expect(e.filledLots).toBe(10_000n);
    expect(e.filled).toBe(parseUnits('1'));
    expect(e.value).toBe(parseUnits('100.7')); // 50 + 30.3 + 20.4
    expect(e.fee).toBe(parseUnits('0.1007'));
    expect(e.total).toBe(parseUnits('100.8007'));
    expect(e.averagePrice).toBe(parseUnits('100.7'));
    expect(e.thin).toBe(false);
  });

  it('takes the fee off a sell, and rounds the average price down to 8 decimals', () => {
    const bids = asks([100, 10_000n], [99.99, 20_000n]);
    const e = estimateMarket(SPEC, 'sell', 30_000n, bids, TAKER);
    // 1 BTC at 100 + 2 BTC at 99.99 = 299.98 USDT, less 0.29998; average 99.99333333(3...).
    expect(e.value).toBe(parseUnits('299.98'));
    expect(e.total).toBe(parseUnits('299.68002'));
    expect(e.averagePrice).toBe(parseUnits('99.99333333'));
  });

  it('stops at the 5% protection band and says the book is too thin', () => {
    // Best ask 100: the band ends at 105; the level at 105.01 is out of reach.
    const e = estimateMarket(
      SPEC,
      'buy',
      3_000n,
      asks([100, 1_000n], [105, 1_000n], [105.01, 5_000n]),
      TAKER,
    );
    expect(e.filledLots).toBe(2_000n);
    expect(e.thin).toBe(true);
    const sell = estimateMarket(
      SPEC,
      'sell',
      3_000n,
      asks([100, 1_000n], [95, 1_000n], [94.99, 5_000n]),
      TAKER,
    );
    expect(sell.filledLots).toBe(2_000n);
    expect(sell.thin).toBe(true);
  });

  it('is refused as the engine refuses: an empty book, less than the minimum notional at the best price', () => {
    expect(estimateMarket(SPEC, 'buy', 1n, [], TAKER)).toMatchObject({ refused: 'no_liquidity', total: 0n });
    // 0.0004 BTC at 100 = 0.04 USDT < 5.
    expect(estimateMarket(SPEC, 'buy', 4n, asks([100, 10n]), TAKER)).toMatchObject({
      refused: 'below_min_notional',
      filledLots: 0n,
    });
  });

  it('uses the rate it is given (a VIP discount lowers the fee)', () => {
    const vip = estimateMarket(SPEC, 'buy', 10_000n, asks([100, 10_000n]), parseUnits('0.0008'));
    expect(vip.fee).toBe(parseUnits('0.08'));
  });

  it('reads wire levels in ticks and lots, stopping at one it cannot trust', () => {
    expect(
      levelsInSteps(SPEC, [
        ['100', '0.5'],
        ['100.01', '0.0001'],
        ['100.015', '1'],
        ['101', '1'],
      ]),
    ).toEqual([
      { price: 10_000n, qty: 5_000n },
      { price: 10_001n, qty: 1n },
    ]);
    expect(levelsInSteps(SPEC, [['x', '1']])).toEqual([]);
  });
});

/** A random book of resting orders on both sides of 100.00, several orders a level. */
const restingOrders = fc.array(
  fc.record({
    side: fc.constantFrom('buy' as const, 'sell' as const),
    // Asks from 100.01 up, bids from 99.99 down, within 8% so some lie beyond the 5% band.
    distance: fc.integer({ min: 1, max: 800 }),
    qty: fc.bigInt({ min: 1n, max: 3_000n }),
  }),
  { maxLength: 60 },
);

function bookOf(orders: { side: 'buy' | 'sell'; distance: number; qty: bigint }[]): SpotBook {
  const book = createBook(SPEC);
  orders.forEach((o, i) => {
    book.place({
      id: `m${i}`,
      side: o.side,
      type: 'limit',
      price: o.side === 'sell' ? 10_000n + BigInt(o.distance) : 10_000n - BigInt(o.distance),
      qty: o.qty,
      owner: `maker${i % 3}`,
    });
  });
  return book;
}

describe('market order estimate against the engine', () => {
  it('equals what the book fills for the same order: quantity, value, average price, fee, thinness', () => {
    fc.assert(
      fc.property(
        restingOrders,
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.bigInt({ min: 1n, max: 40_000n }),
        fc.constantFrom('0.001', '0.0009', '0.0007', '0.00065', '0'),
        (orders, side, lots, rate) => {
          const book = bookOf(orders);
          const depth = book.depth();
          const levels = (side === 'buy' ? depth.asks : depth.bids).map(({ price, qty }) => ({ price, qty }));
          const estimate = estimateMarket(SPEC, side, lots, levels, parseUnits(rate));

          const placed = book.place({ id: 'taker', side, type: 'market', qty: lots, owner: 'taker' });
          expect(estimate.refused).toBe(placed.rejected);
          expect(estimate.filledLots).toBe(placed.filledQty);
          const value = placed.trades.reduce((sum, t) => sum + quoteUnits(SPEC, t.price, t.qty), 0n);
          expect(estimate.value).toBe(value);
          expect(estimate.thin).toBe(placed.cancelledQty > 0n || placed.rejected === 'no_liquidity');
          const base = placed.filledQty * SPEC.lotUnits;
          expect(estimate.averagePrice).toBe(base === 0n ? null : averagePrice(value, base));
          // The engine charges each trade's fee rounded down: never more than the estimate, and
          // less by at most one unit (10^-18) per trade after the first.
          const charged = placed.trades.reduce(
            (sum, t) => sum + tradeFee(quoteUnits(SPEC, t.price, t.qty), parseUnits(rate)),
            0n,
          );
          expect(estimate.fee >= charged).toBe(true);
          expect(estimate.fee - charged <= BigInt(Math.max(placed.trades.length - 1, 0))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
