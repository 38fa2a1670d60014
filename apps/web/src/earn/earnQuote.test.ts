import type { EarnProduct } from '@otc/protocol/earn/schemas';
import { describe, expect, it } from 'vitest';
import { earnForm, earnQuote, redeemPreview } from './earnQuote.ts';

const ranged: EarnProduct = {
  id: '1',
  kind: 'managed',
  name: 'Managed 30',
  asset: 'USDT',
  minAmount: '100',
  maxAmount: '10000',
  cycleDays: 30,
  rateMin: '0.005',
  rateMax: '0.01',
  penaltyRate: '0.01',
};
const NOON = Date.parse('2026-11-28T12:00:00Z');

describe('earnQuote', () => {
  it('spreads a rate range over the amount range, rounded down to 8 places, as the server fixes it', () => {
    // 0.005 + 0.005 x 900 / 9900 = 0.00545454545… → 0.00545454; 1000 x that = 5.45454 a day.
    expect(earnQuote(ranged, '1000', NOON)).toEqual({
      amount: '1000',
      dailyRate: '0.00545454',
      dailyYield: '5.45454',
      expected: '163.6362',
      endDate: '2026-12-28',
    });
  });

  it('gives the ends their rates exactly and a single rate to every amount', () => {
    expect(earnQuote(ranged, '100', NOON)?.dailyRate).toBe('0.005');
    expect(earnQuote(ranged, '10000', NOON)?.dailyRate).toBe('0.01');
    const flat = { ...ranged, rateMin: '0.003', rateMax: '0.003', cycleDays: 7 };
    expect(earnQuote(flat, '500', NOON)).toMatchObject({
      dailyYield: '1.5',
      expected: '10.5',
      endDate: '2026-12-05',
    });
  });

  it('quotes nothing outside the range or for what is no number', () => {
    expect(earnQuote(ranged, '99.99', NOON)).toBeNull();
    expect(earnQuote(ranged, '10000.01', NOON)).toBeNull();
    expect(earnQuote(ranged, 'abc', NOON)).toBeNull();
    expect(earnQuote(ranged, '', NOON)).toBeNull();
  });
});

describe('earnForm', () => {
  const values = {
    product: ranged,
    amount: '1000',
    available: '5000',
    tradePassword: 'x',
    demo: false,
    nowMs: NOON,
  };

  it('refuses an amount below the minimum, above the maximum or above the balance, under the amount', () => {
    expect(earnForm({ ...values, amount: '50' }).problem).toMatchObject({
      field: 'amount',
      key: 'earn.escrowOrders.belowMin',
      amounts: { min: '100' },
    });
    expect(earnForm({ ...values, amount: '20000', available: '50000' }).problem).toMatchObject({
      key: 'earn.escrowOrders.aboveMax',
    });
    expect(earnForm({ ...values, amount: '6000' }).problem?.field).toBe('amount');
  });

  it('asks live users for the transaction password and demo users for none', () => {
    expect(earnForm({ ...values, tradePassword: '' }).problem?.field).toBe('tradePassword');
    expect(earnForm({ ...values, tradePassword: '', demo: true }).problem).toBeNull();
    expect(earnForm(values).summary?.expected).toBe('163.6362');
  });
});

describe('redeemPreview', () => {
  const sub = { amount: '1000', cumulativeProfit: '5.45454', penaltyRate: '0.01' };
  it('keeps back principal x the subscription’s own penalty rate, never more than the yield paid', () => {
    // 1000 x 0.01 = 10, capped at the 5.45454 paid; 1000 x 0.001 = 1, under it.
    expect(redeemPreview(sub)).toEqual({ penalty: '5.45454', back: '994.54546' });
    expect(redeemPreview({ ...sub, penaltyRate: '0.001' })).toEqual({ penalty: '1', back: '999' });
    expect(redeemPreview({ ...sub, cumulativeProfit: '0' })).toEqual({ penalty: '0', back: '1000' });
  });
});
