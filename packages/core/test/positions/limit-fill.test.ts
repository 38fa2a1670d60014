import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUnits as u } from '../../src/money/decimal.ts';
import { limitFillPrice } from '../../src/positions/limit-fill.ts';
import { openCost } from '../../src/positions/open.ts';
import { max } from '../../src/positions/rounding.ts';
import { fillPrice } from '../../src/positions/rules.ts';
import type { PositionRules } from '../../src/positions/types.ts';

const PERP: PositionRules = {
  product: 'perp',
  instrumentClass: 'crypto',
  maxLeverage: 125,
  tickSize: u('0.1'),
  lotSize: u('0.001'),
  minLots: u('0.001'),
  takerFee: u('0.0005'),
  stampDuty: u('0'),
  spread: u('0.0005'),
  brackets: [{ notionalUpTo: null, rate: u('0.004') }],
  liquidationFeeRate: u('0.005'),
  liquidationFeeCap: u('50'),
};
const tick = PERP.tickSize;
const reserveAt = (price: bigint, lots: bigint, leverage: number) =>
  openCost(PERP, { lots, price, leverage }).prepaid;

describe('a limit entry against the dealer', () => {
  it("fills the issue's long at mark plus spread, not at its far limit", () => {
    const dealer = fillPrice(PERP, u('67353.09'), true);
    const order = { side: 'long' as const, limit: u('68700.1'), lots: u('0.01'), leverage: 10 };
    const price = limitFillPrice(PERP, { ...order, reserve: reserveAt(order.limit, order.lots, 10) }, dealer);
    expect(price).toBe(u('67386.8'));
  });

  const ticks = (min: number, max: number) => fc.integer({ min, max }).map((n) => BigInt(n) * tick);
  const arb = fc.record({
    limit: ticks(1, 2_000_000),
    dealer: ticks(1, 2_000_000),
    lots: fc.integer({ min: 1, max: 10_000 }).map((n) => BigInt(n) * PERP.lotSize),
    leverage: fc.integer({ min: 1, max: 125 }),
  });

  it('never fills a long above its limit nor above the dealer, and at the better of the two', () => {
    fc.assert(
      fc.property(arb, ({ limit, dealer, lots, leverage }) => {
        const reserve = reserveAt(limit, lots, leverage);
        const price = limitFillPrice(PERP, { side: 'long', limit, lots, leverage, reserve }, dealer);
        expect(price <= limit && price <= dealer).toBe(true);
        expect(price === limit || price === dealer).toBe(true);
        // What it costs never exceeds what the order reserved.
        expect(reserveAt(price, lots, leverage) <= reserve).toBe(true);
      }),
    );
  });

  it('never fills a short below its limit nor below the dealer when its reserve covers the dealer price', () => {
    fc.assert(
      fc.property(arb, fc.boolean(), ({ limit, dealer, lots, leverage }, reservedAtDealer) => {
        // The intake reserves a short marketable at placement at the dealer's price, one resting at its limit.
        const at = reservedAtDealer ? max(dealer, limit) : limit;
        const reserve = reserveAt(at, lots, leverage);
        const price = limitFillPrice(PERP, { side: 'short', limit, lots, leverage, reserve }, dealer);
        expect(price >= limit).toBe(true);
        expect(price <= max(dealer, limit)).toBe(true);
        expect(reserveAt(price, lots, leverage) <= reserve).toBe(true);
        if (reservedAtDealer) expect(price).toBe(max(dealer, limit));
        expect(price % tick).toBe(0n);
      }),
    );
  });
});
