import { describe, expect, it } from 'vitest';
import { parseUnits as u } from '../../src/money/decimal.ts';
import { closesSummary, filledPastTrigger } from '../../src/positions/history.ts';
import { reverseCost } from '../../src/positions/reverse.ts';
import type { PositionRules, PositionState } from '../../src/positions/types.ts';

const PERP: PositionRules = {
  product: 'perp',
  instrumentClass: 'crypto',
  maxLeverage: 125,
  tickSize: u('0.1'),
  lotSize: u('0.001'),
  minLots: u('0.001'),
  takerFee: u('0.0005'),
  stampDuty: u('0.001'),
  spread: u('0.0005'),
  brackets: [{ notionalUpTo: null, rate: u('0.004') }],
  liquidationFeeRate: u('0.005'),
  liquidationFeeCap: u('50'),
};
const FX: PositionRules = {
  ...PERP,
  product: 'cfd',
  instrumentClass: 'forex',
  tickSize: u('0.001'),
  lotSize: u('1000'),
  minLots: u('1000'),
};
const STOCK: PositionRules = { ...PERP, product: 'cfd', instrumentClass: 'stock', tickSize: u('0.01') };

const pos = (side: 'long' | 'short', lots: string, entry: string, margin: string, leverage: number) =>
  ({ side, lots: u(lots), entry: u(entry), margin: u(margin), leverage }) satisfies PositionState;

describe('the history row of a position closed in parts', () => {
  it('adds the closes up: lots closed and the lot-weighted average exit price', () => {
    // 0.004 x 61000 + 0.006 x 62000.5 = 244 + 372.003 = 616.003, over 0.01 lots: 61600.3.
    const s = closesSummary([
      { lots: u('0.004'), price: u('61000') },
      { lots: u('0.006'), price: u('62000.5') },
    ]);
    expect(s.closedLots).toBe(u('0.01'));
    expect(s.exitPrice).toBe(u('61600.3'));
  });

  it('rounds the average half-up to 8 decimals, and has none before any close', () => {
    // (1 x 1 + 2 x 2) / 3 = 1.666666666...: 1.66666667.
    expect(
      closesSummary([
        { lots: u('1'), price: u('1') },
        { lots: u('2'), price: u('2') },
      ]).exitPrice,
    ).toBe(u('1.66666667'));
    expect(closesSummary([])).toEqual({ closedLots: 0n, exitPrice: null });
  });

  it('knows a take-profit that filled past its trigger (the next price after it)', () => {
    expect(filledPastTrigger('long', u('61000'), u('60969.5'))).toBe(true);
    expect(filledPastTrigger('long', u('61000'), u('61000'))).toBe(false);
    expect(filledPastTrigger('short', u('150'), u('150.075'))).toBe(true);
    expect(filledPastTrigger('short', u('150'), u('149.9'))).toBe(false);
    expect(filledPastTrigger('long', null, u('1'))).toBe(false);
  });
});

describe('what a reverse costs (the confirmation shows it before the user agrees)', () => {
  it('a BTC-PERP long of 0.01 at 60000 (10x) reversed at a mark of 61000', () => {
    // Closing a long sells: 61000 x 0.9995 = 60969.5 (on the 0.1 tick).
    // Close fee 60969.5 x 0.01 x 0.0005 = 0.3048475; PnL (60969.5 - 60000) x 0.01 = 9.695.
    // The short opens 0.01 at 60969.5: notional 609.695, margin / 10 = 60.9695, fee 0.3048475.
    const r = reverseCost(PERP, pos('long', '0.01', '60000', '60', 10), u('61000'));
    expect(r.price).toBe(u('60969.5'));
    expect(r.closeFee).toBe(u('0.3048475'));
    expect(r.realisedPnl).toBe(u('9.695'));
    expect(r.openFee).toBe(u('0.3048475'));
    expect(r.fees).toBe(u('0.609695'));
    expect(r.after).toEqual(pos('short', '0.01', '60969.5', '60.9695', 10));
  });

  it('a USD/JPY short of 10000 at 155 (20x) reversed at 154: yen converted to USDT at the fill', () => {
    // Closing a short buys: 154 x 1.0005 = 154.077. One USD of notional per lot: 10000 USDT.
    // Close fee 10000 x 0.0005 = 5 USDT; PnL (155 - 154.077) x 10000 = 9230 JPY / 154.077
    // = 59.90511237887... rounded down: 59.90511237. The long opens with margin 10000 / 20 = 500, fee 5.
    const r = reverseCost(FX, pos('short', '10000', '155', '500', 20), u('154'), { kind: 'own' });
    expect(r.price).toBe(u('154.077'));
    expect(r.closeFee).toBe(u('5'));
    expect(r.realisedPnl).toBe(u('59.90511237'));
    expect(r.fees).toBe(u('10'));
    expect(r.after).toEqual(pos('long', '10000', '154.077', '500', 20));
  });

  it('a stock adds its stamp duty, and a position already on the other side adds up', () => {
    // Sell 210 x 0.9995 = 209.895, down to the 0.01 tick: 209.89. Close fee 2098.9 x 0.0005 = 1.04945;
    // open fee 1.04945, stamp duty 2098.9 x 0.001 = 2.0989; margin 2098.9 / 20 = 104.945.
    const held = pos('short', '5', '205', '51.25', 20);
    const r = reverseCost(STOCK, pos('long', '10', '200', '100', 20), u('210'), undefined, held);
    expect(r.stampDuty).toBe(u('2.0989'));
    expect(r.fees).toBe(u('4.1978'));
    // 5 + 10 lots, margin 51.25 + 104.945; entry (5 x 205 + 10 x 209.89) / 15 = 208.26 (rounded down for a short).
    expect(r.after.lots).toBe(u('15'));
    expect(r.after.margin).toBe(u('156.195'));
    expect(r.after.side).toBe('short');
  });
});
