import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUnits } from '../../src/money/decimal.ts';
import { tradeFee } from '../../src/spot/fees.ts';
import { feeReserve, spotReserve } from '../../src/spot/reserve.ts';
import { marketSpec, quoteUnits } from '../../src/spot/spec.ts';

const SPEC = marketSpec({ tickSize: '0.01', lotSize: '0.0001', minNotional: '5', protection: '0.05' });
const RATES = { maker: parseUnits('0.001'), taker: parseUnits('0.002') };

describe('what a spot order sets aside', () => {
  it('is the base a sell sells', () => {
    expect(spotReserve(SPEC, RATES, { side: 'sell', ticks: 6_000_000n, lots: 25n })).toEqual({
      asset: 'base',
      amount: parseUnits('0.0025'),
      value: 0n,
      fee: 0n,
    });
  });

  it("is a limit buy's value plus the fee at the higher rate, rounded up", () => {
    // 0.0025 BTC at 60,000.01 = 150.000025 USDT; 0.2% of it = 0.30000005.
    const r = spotReserve(SPEC, RATES, { side: 'buy', ticks: 6_000_001n, lots: 25n });
    expect(r).toEqual({
      asset: 'quote',
      value: parseUnits('150.000025'),
      fee: parseUnits('0.30000005'),
      amount: parseUnits('150.30002505'),
    });
    expect(feeReserve(1n, RATES)).toBe(1n);
  });

  it('reserves a market buy at the protection bound above the best ask', () => {
    // 5% above 100.01 is 105.0105, up to the tick: 105.02.
    const r = spotReserve(SPEC, RATES, { side: 'buy', ticks: undefined, lots: 10_000n }, 10_001n);
    expect(r.value).toBe(quoteUnits(SPEC, 10_502n, 10_000n));
    expect(() => spotReserve(SPEC, RATES, { side: 'buy', ticks: undefined, lots: 1n })).toThrow();
  });

  it('covers whatever a buy then pays, however it fills at or below its limit, as maker or taker', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.array(
          fc.tuple(
            fc.bigInt({ min: 1n, max: 10_000_000n }),
            fc.bigInt({ min: 1n, max: 1_000n }),
            fc.boolean(),
          ),
          {
            minLength: 1,
            maxLength: 10,
          },
        ),
        (limit, fills) => {
          const lots = fills.reduce((sum, [, q]) => sum + q, 0n);
          const reserve = spotReserve(SPEC, RATES, { side: 'buy', ticks: limit, lots });
          let paid = 0n;
          for (const [price, qty, maker] of fills) {
            // biome-ignore lint/complexity/useMathMinMax: bigint prices, which Math.min does not take
            const quote = quoteUnits(SPEC, price > limit ? limit : price, qty);
            paid += quote + tradeFee(quote, maker ? RATES.maker : RATES.taker);
          }
          expect(paid).toBeLessThanOrEqual(reserve.amount);
        },
      ),
      { numRuns: 300 },
    );
  });
});
