import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUnits as u } from '../../src/money/decimal.ts';
import { closeOutcome } from '../../src/positions/close.ts';
import { addToPosition, openCost } from '../../src/positions/open.ts';
import {
  equityAt,
  isLiquidatable,
  liquidationPrice,
  maintenanceMargin,
  maintenanceRate,
  returnRate,
  riskRatio,
  unrealisedPnl,
} from '../../src/positions/risk.ts';
import { checkOrder, checkTpSl, fillPrice, leverageCap } from '../../src/positions/rules.ts';
import type { MarginBracket, PositionRules, PositionState } from '../../src/positions/types.ts';

const FLAT: MarginBracket[] = [{ notionalUpTo: null, rate: u('0.004') }];

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
  brackets: FLAT,
  liquidationFeeRate: u('0.005'),
  liquidationFeeCap: u('50'),
};
const STOCK: PositionRules = {
  ...PERP,
  product: 'cfd',
  instrumentClass: 'stock',
  maxLeverage: 20,
  tickSize: u('0.01'),
  lotSize: u('1'),
  minLots: u('1'),
};

const long = (lots: string, entry: string, margin: string, leverage = 10): PositionState => ({
  side: 'long',
  lots: u(lots),
  entry: u(entry),
  margin: u(margin),
  leverage,
});
const short = (lots: string, entry: string, margin: string, leverage = 10): PositionState => ({
  ...long(lots, entry, margin, leverage),
  side: 'short',
});

describe('the liquidation price (the worked example of issue 16)', () => {
  it('is 100 x 0.9 / 0.996 for a 10x long of 1 at 100 with a 0.4% maintenance rate', () => {
    // 90.36144578313253012048...: rounded up, the side the mark meets first.
    expect(liquidationPrice(long('1', '100', '10'), FLAT)).toBe(u('90.361445783132530121'));
  });

  it('is 100 x 1.1 / 1.004 for the 10x short', () => {
    expect(liquidationPrice(short('1', '100', '10'), FLAT)).toBe(u('109.561752988047808764'));
  });

  it('uses the bracket that holds the notional at the liquidation price, not at the entry', () => {
    // Up to 95 of notional 0.4%, above it 5%: at the entry (100) the rate would be 5%, but the long
    // liquidates near 90 where the rate is 0.4%: the same 90.3614... as with one bracket.
    const brackets = [
      { notionalUpTo: u('95'), rate: u('0.004') },
      { notionalUpTo: null, rate: u('0.05') },
    ];
    expect(liquidationPrice(long('1', '100', '10'), brackets)).toBe(u('90.361445783132530121'));
    // The short's solution with 0.4% (109.56) lies above 95, so the 5% bracket's 110 / 1.05 holds.
    expect(liquidationPrice(short('1', '100', '10'), brackets)).toBe(u('104.761904761904761904'));
  });

  it('is "--" (null) for a 1x long: the price would have to fall below zero', () => {
    expect(liquidationPrice(long('1', '100', '100', 1), FLAT)).toBeNull();
  });
});

describe('leverage, lots and prices', () => {
  it('caps a CFD by its class and the instrument, a perpetual by the instrument', () => {
    expect(leverageCap(PERP)).toBe(125);
    expect(leverageCap(STOCK)).toBe(5);
    expect(leverageCap({ ...STOCK, instrumentClass: 'forex', maxLeverage: 200 })).toBe(100);
    expect(leverageCap({ ...STOCK, instrumentClass: 'metal', maxLeverage: 30 })).toBe(30);
    expect(leverageCap({ ...STOCK, instrumentClass: 'crypto', maxLeverage: 125 })).toBe(20);
    expect(leverageCap({ ...STOCK, instrumentClass: 'commodity', maxLeverage: 125 })).toBe(20);
  });

  it('refuses leverage out of 1..cap, lots off the step and below the minimum', () => {
    expect(checkOrder(STOCK, { lots: u('1'), leverage: 6 })).toBe('leverage_out_of_range');
    expect(checkOrder(STOCK, { lots: u('1'), leverage: 0 })).toBe('leverage_out_of_range');
    expect(checkOrder(STOCK, { lots: u('1'), leverage: 2.5 })).toBe('leverage_out_of_range');
    expect(checkOrder(STOCK, { lots: u('1.5'), leverage: 5 })).toBe('lots_off_step');
    expect(checkOrder({ ...STOCK, minLots: u('10') }, { lots: u('9'), leverage: 5 })).toBe(
      'lots_below_minimum',
    );
    expect(checkOrder(STOCK, { lots: 0n, leverage: 5 })).toBe('lots_below_minimum');
    expect(checkOrder(STOCK, { lots: u('3'), leverage: 5 })).toBeNull();
  });

  it('fills a buy at mark + spread rounded up to the tick, a sell at mark - spread rounded down', () => {
    // 60,000 x 1.0005 = 60,030; 60,000.03 x 1.0005 = 60,030.0300... -> 60,030.1
    expect(fillPrice(PERP, u('60000'), true)).toBe(u('60030'));
    expect(fillPrice(PERP, u('60000.03'), true)).toBe(u('60030.1'));
    expect(fillPrice(PERP, u('60000'), false)).toBe(u('59970'));
    expect(fillPrice(PERP, u('60000.03'), false)).toBe(u('59970'));
  });

  it('never fills worse than one tick beyond the disclosed spread', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 24n }), fc.boolean(), (mark, buying) => {
        const p = fillPrice(PERP, mark, buying);
        const exact = (mark * (10n ** 18n + (buying ? PERP.spread : -PERP.spread))) / 10n ** 18n;
        if (buying) expect(p >= exact && p - exact <= PERP.tickSize).toBe(true);
        else
          expect(p <= exact + PERP.tickSize && (p > exact - PERP.tickSize - 1n || p === PERP.tickSize)).toBe(
            true,
          );
        expect(p % PERP.tickSize).toBe(0n);
      }),
    );
  });

  it('takes TP above and SL below the reference for a long, the other way round for a short', () => {
    expect(checkTpSl('long', u('100'), u('110'), u('90'))).toBeNull();
    expect(checkTpSl('long', u('100'), u('100'), null)).toBe('tp_invalid');
    expect(checkTpSl('long', u('100'), null, u('100'))).toBe('sl_invalid');
    expect(checkTpSl('short', u('100'), u('90'), u('110'))).toBeNull();
    expect(checkTpSl('short', u('100'), u('101'), null)).toBe('tp_invalid');
    expect(checkTpSl('short', u('100'), null, u('99'))).toBe('sl_invalid');
    expect(checkTpSl('short', u('100'), u('0'), null)).toBe('tp_invalid');
  });
});

describe('opening and adding', () => {
  it('prepays margin + fee, rounded up to 8 decimals, and stamp duty on stocks only', () => {
    // 0.003 BTC at 60,030.1 = 180.0903; 20x: 9.004515; fee 0.05%: 0.09004515 -> 0.09004515.
    expect(openCost(PERP, { lots: u('0.003'), price: u('60030.1'), leverage: 20 })).toEqual({
      notional: u('180.0903'),
      margin: u('9.004515'),
      fee: u('0.09004515'),
      stampDuty: 0n,
      prepaid: u('9.09456015'),
    });
    // 3 shares at 187.33 = 561.99 at 3x: 187.33; fee 0.2809950 -> 0.28099500; duty 0.56199.
    expect(openCost(STOCK, { lots: u('3'), price: u('187.33'), leverage: 3 })).toEqual({
      notional: u('561.99'),
      margin: u('187.33'),
      fee: u('0.28099500'),
      stampDuty: u('0.56199'),
      prepaid: u('188.17298500'),
    });
    // 1 at 100.00000001 at 3x: 33.33333333666... -> 33.33333334 (up, the user is charged).
    expect(openCost(STOCK, { lots: u('1'), price: u('100.00000001'), leverage: 3 }).margin).toBe(
      u('33.33333334'),
    );
  });

  it('averages the entry by lots and adds the margin', () => {
    const first = addToPosition(null, {
      side: 'long',
      lots: u('1'),
      price: u('100'),
      leverage: 10,
      margin: u('10'),
    });
    const both = addToPosition(first, {
      side: 'long',
      lots: u('3'),
      price: u('120'),
      leverage: 10,
      margin: u('36'),
    });
    expect(both).toEqual({ side: 'long', lots: u('4'), entry: u('115'), margin: u('46'), leverage: 10 });
    expect(() =>
      addToPosition(first, { side: 'long', lots: u('1'), price: u('1'), leverage: 5, margin: u('1') }),
    ).toThrow(expect.objectContaining({ key: 'position_leverage_mismatch' }));
  });

  it('rounds an average entry against the user: a long up, a short down', () => {
    // (1 x 100 + 2 x 101) / 3 = 100.666...
    const l = addToPosition(long('1', '100', '10'), {
      side: 'long',
      lots: u('2'),
      price: u('101'),
      leverage: 10,
      margin: u('20'),
    });
    expect(l.entry).toBe(u('100.666666666666666667'));
    const s = addToPosition(short('1', '100', '10'), {
      side: 'short',
      lots: u('2'),
      price: u('101'),
      leverage: 10,
      margin: u('20'),
    });
    expect(s.entry).toBe(u('100.666666666666666666'));
  });
});

describe('risk at the mark', () => {
  it('shows PnL, return rate and risk ratio', () => {
    const pos = long('2', '100', '20');
    expect(unrealisedPnl(pos, u('105'))).toBe(u('10'));
    expect(returnRate(pos, u('105'))).toBe(u('0.5'));
    expect(unrealisedPnl(short('2', '100', '20'), u('105'))).toBe(u('-10'));
    // notional 210 x 0.4% = 0.84 over equity 30: 2.8%
    expect(riskRatio(pos, u('105'), FLAT)).toBe(u('0.028'));
    expect(riskRatio(pos, u('90'), FLAT)).toBeNull();
  });

  it('picks the bracket by notional, inclusive of its bound', () => {
    const brackets = [
      { notionalUpTo: u('1000'), rate: u('0.004') },
      { notionalUpTo: u('5000'), rate: u('0.01') },
      { notionalUpTo: null, rate: u('0.025') },
    ];
    expect(maintenanceRate(brackets, u('1000'))).toBe(u('0.004'));
    expect(maintenanceRate(brackets, u('1000.01'))).toBe(u('0.01'));
    expect(maintenanceRate(brackets, u('9999999'))).toBe(u('0.025'));
    expect(maintenanceMargin(brackets, u('2000'))).toBe(u('20'));
  });

  const bracketTables = fc
    .uniqueArray(fc.bigInt({ min: 1n, max: 10n ** 24n }), { maxLength: 3 })
    .chain((bounds) =>
      fc
        .array(fc.bigInt({ min: 1n, max: u('0.05') }), {
          minLength: bounds.length + 1,
          maxLength: bounds.length + 1,
        })
        .map((rates) => {
          const sortedBounds = [...bounds].sort((a, b) => (a < b ? -1 : 1));
          const sortedRates = [...rates].sort((a, b) => (a < b ? -1 : 1));
          return [
            ...sortedBounds.map((b, i) => ({
              notionalUpTo: b as bigint | null,
              rate: sortedRates[i] as bigint,
            })),
            { notionalUpTo: null, rate: sortedRates[sortedBounds.length] as bigint },
          ];
        }),
    );

  it('liquidates exactly at the liquidation price: equity = maintenance there, past 100% beyond it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'long' | 'short'>('long', 'short'),
        fc.bigInt({ min: u('0.001'), max: u('1000') }),
        fc.bigInt({ min: u('0.01'), max: u('100000') }),
        fc.integer({ min: 1, max: 125 }),
        bracketTables,
        (side, lots, entry, leverage, brackets) => {
          const margin = openCost({ ...PERP, brackets }, { lots, price: entry, leverage }).margin;
          const pos: PositionState = { side, lots, entry, margin, leverage };
          const price = liquidationPrice(pos, brackets);
          if (price === null) {
            // Only a long can have none: its margin covers the whole entry value (or more).
            expect(side).toBe('long');
            return;
          }
          const mm = maintenanceMargin(brackets, (lots * price) / 10n ** 18n);
          const diff = equityAt(pos, price) - mm;
          // Within rounding: a price unit moves the equity by `lots` units (plus the rounding of each).
          const slack = 2n * (lots / 10n ** 18n + 1n) + 3n;
          expect(diff >= -slack && diff <= slack).toBe(true);
          const beyond = side === 'long' ? price - 1n : price + 1n;
          if (
            beyond > 0n &&
            maintenanceRate(brackets, (lots * beyond) / 10n ** 18n) ===
              maintenanceRate(brackets, (lots * price) / 10n ** 18n)
          ) {
            expect(isLiquidatable(pos, beyond, brackets)).toBe(true);
          }
          // A short only gets riskier as the price rises (the rate too): liquidated anywhere past it.
          if (side === 'short') expect(isLiquidatable(pos, (price * 1001n) / 1000n, brackets)).toBe(true);
        },
      ),
    );
  });

  it('is liquidated at and past the liquidation price with one bracket, not before', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'long' | 'short'>('long', 'short'),
        fc.bigInt({ min: u('0.001'), max: u('1000') }),
        fc.bigInt({ min: u('0.01'), max: u('100000') }),
        fc.integer({ min: 2, max: 125 }),
        (side, lots, entry, leverage) => {
          const margin = openCost(PERP, { lots, price: entry, leverage }).margin;
          const pos: PositionState = { side, lots, entry, margin, leverage };
          const price = liquidationPrice(pos, FLAT) as bigint;
          const step = price / 1000n + 1n;
          expect(isLiquidatable(pos, side === 'long' ? price - step : price + step, FLAT)).toBe(true);
          expect(isLiquidatable(pos, side === 'long' ? price + step : price - step, FLAT)).toBe(false);
        },
      ),
    );
  });
});

describe('closing', () => {
  it('settles a partial close: PnL, fee, the margin share and the payout', () => {
    // long 4 at 115, margin 46; close 1 at 120 with 0.05%: PnL 5, fee 0.06, margin 11.5.
    const c = closeOutcome(long('4', '115', '46'), { lots: u('1'), price: u('120'), feeRate: u('0.0005') });
    expect(c).toEqual({
      realisedPnl: u('5'),
      fee: u('0.06'),
      marginReleased: u('11.5'),
      payout: u('16.44'),
      loss: 0n,
      profit: u('5'),
      shortfall: 0n,
      remaining: long('3', '115', '34.5'),
    });
  });

  it('takes a loss out of the margin and never pays out below zero', () => {
    const c = closeOutcome(short('1', '100', '10'), { lots: u('1'), price: u('112'), feeRate: u('0.0005') });
    expect(c).toMatchObject({
      realisedPnl: u('-10'),
      fee: 0n,
      payout: 0n,
      loss: u('10'),
      shortfall: u('2'),
      remaining: null,
    });
  });

  it('rounds a profit down and a loss up to 8 decimals', () => {
    const up = closeOutcome(long('0.333', '100', '10'), {
      lots: u('0.333'),
      price: u('100.000000017'),
      feeRate: 0n,
    });
    expect(up.realisedPnl).toBe(u('0.00000000')); // 0.000000005661 -> 0
    const down = closeOutcome(long('0.333', '100', '10'), {
      lots: u('0.333'),
      price: u('99.999999983'),
      feeRate: 0n,
    });
    expect(down.realisedPnl).toBe(u('-0.00000001'));
  });
});
