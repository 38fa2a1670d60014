import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertBalanced, type Leg } from '../../src/ledger/posting.ts';
import { parseUnits } from '../../src/money/decimal.ts';
import { tradeFee } from '../../src/spot/fees.ts';
import { spotTradeLegs } from '../../src/spot/trade-legs.ts';

const sum = (legs: Leg[], account: string, asset: string, field: Leg['field']) =>
  legs
    .filter((l) => l.account === account && l.asset === asset && l.field === field)
    .reduce((s, l) => s + l.amount, 0n);

describe('the legs of a spot trade', () => {
  it("move the buyer's frozen quote to the seller and the fees, the seller's frozen base to the buyer", () => {
    // 0.01 BTC at 60,000: 600 USDT; 0.1% taker buyer (0.6), 0.05% maker seller (0.3).
    const t = spotTradeLegs({
      buyer: '1',
      seller: '2',
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      base: parseUnits('0.01'),
      quote: parseUnits('600'),
      buyerRate: parseUnits('0.001'),
      sellerRate: parseUnits('0.0005'),
    });
    expect(t.legs).toEqual([
      { account: 'user:1:funding', asset: 'USDT', field: 'frozen', amount: -parseUnits('600.6') },
      { account: 'user:2:funding', asset: 'USDT', field: 'available', amount: parseUnits('599.7') },
      { account: 'user:2:funding', asset: 'BTC', field: 'frozen', amount: -parseUnits('0.01') },
      { account: 'user:1:funding', asset: 'BTC', field: 'available', amount: parseUnits('0.01') },
      { account: 'platform:main:fees', asset: 'USDT', field: 'available', amount: parseUnits('0.9') },
    ]);
    expect(t).toMatchObject({
      buyerFee: parseUnits('0.6'),
      sellerFee: parseUnits('0.3'),
      buyerFrozenUsed: parseUnits('600.6'),
      sellerFrozenUsed: parseUnits('0.01'),
    });
  });

  it('balance per asset, use of each side exactly what its legs take from its frozen funds, fees by the rates', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 24n }),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 0n, max: parseUnits('0.01') }),
        fc.bigInt({ min: 0n, max: parseUnits('0.01') }),
        fc.boolean(),
        (base, quote, buyerRate, sellerRate, self) => {
          const seller = self ? '7' : '8';
          const t = spotTradeLegs({
            buyer: '7',
            seller,
            baseAsset: 'ETH',
            quoteAsset: 'USDT',
            base,
            quote,
            buyerRate,
            sellerRate,
          });
          assertBalanced(t.legs);
          expect(t.buyerFee).toBe(tradeFee(quote, buyerRate));
          expect(t.sellerFee).toBe(tradeFee(quote, sellerRate));
          expect(sum(t.legs, 'platform:main:fees', 'USDT', 'available')).toBe(t.buyerFee + t.sellerFee);
          expect(sum(t.legs, 'user:7:funding', 'USDT', 'frozen')).toBe(-t.buyerFrozenUsed);
          expect(sum(t.legs, `user:${seller}:funding`, 'ETH', 'frozen')).toBe(-t.sellerFrozenUsed);
          expect(t.buyerFrozenUsed).toBe(quote + t.buyerFee);
          expect(t.sellerFrozenUsed).toBe(base);
        },
      ),
    );
  });
});
