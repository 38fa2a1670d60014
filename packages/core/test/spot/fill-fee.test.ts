import { describe, expect, it } from 'vitest';
import { feeInFill } from '../../src/index.ts';

const trade = { takerSide: 'buy' as const, makerFee: '0.06', takerFee: '0.12' };
const fill = (asset: string, field: 'available' | 'frozen') => ({
  kind: 'spot.trade',
  asset,
  field,
  subject: 'BTC/USDT',
});

describe('feeInFill: the fee inside a fill movement', () => {
  it("gives the buyer's fee on its frozen quote and the seller's on its available quote", () => {
    // The taker bought: the buyer is the taker, the seller the maker.
    expect(feeInFill(fill('USDT', 'frozen'), trade)).toBe('0.12');
    expect(feeInFill(fill('USDT', 'available'), trade)).toBe('0.06');
    expect(feeInFill(fill('USDT', 'frozen'), { ...trade, takerSide: 'sell' })).toBe('0.06');
    expect(feeInFill(fill('USDT', 'available'), { ...trade, takerSide: 'sell' })).toBe('0.12');
  });
  it('finds none in the base leg or in a movement that is no fill', () => {
    expect(feeInFill(fill('BTC', 'available'), trade)).toBeNull();
    expect(feeInFill(fill('BTC', 'frozen'), trade)).toBeNull();
    expect(feeInFill({ ...fill('USDT', 'frozen'), kind: 'spot.freeze' }, trade)).toBeNull();
    expect(feeInFill({ ...fill('USDT', 'frozen'), subject: null }, trade)).toBeNull();
  });
});
