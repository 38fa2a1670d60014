import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUnits } from '../../src/money/decimal.ts';
import { FeeError, settleTrade, tradeFee } from '../../src/spot/fees.ts';

const ONE = 10n ** 18n;

describe('spot fees', () => {
  it('charges the rate, rounded down to the unit', () => {
    expect(tradeFee(parseUnits('1000'), parseUnits('0.001'))).toBe(parseUnits('1'));
    // 0.000000000000000999 × 0.001 is below one unit: no fee rather than a made-up unit.
    expect(tradeFee(999n, parseUnits('0.001'))).toBe(0n);
    expect(tradeFee(1999n, parseUnits('0.5'))).toBe(999n);
    expect(() => tradeFee(-1n, 1n)).toThrow(FeeError);
    expect(() => tradeFee(1n, ONE)).toThrow(FeeError);
  });

  it('buyer pays = seller receives + fees, exactly, and no fee exceeds its rate', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 36n }),
        fc.bigInt({ min: 0n, max: ONE / 10n }),
        fc.bigInt({ min: 0n, max: ONE / 10n }),
        (quote, buyerRate, sellerRate) => {
          const s = settleTrade(quote, buyerRate, sellerRate);
          expect(s.buyerPays).toBe(s.sellerReceives + s.feesCollected);
          expect(s.feesCollected).toBe(s.buyerFee + s.sellerFee);
          for (const [f, rate] of [
            [s.buyerFee, buyerRate],
            [s.sellerFee, sellerRate],
          ] as const) {
            expect(f * ONE).toBeLessThanOrEqual(quote * rate);
            expect((f + 1n) * ONE).toBeGreaterThan(quote * rate);
          }
          expect(s.sellerReceives).toBeGreaterThanOrEqual(0n);
        },
      ),
    );
  });
});
