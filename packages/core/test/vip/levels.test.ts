import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits, parseUnits } from '../../src/money/decimal.ts';
import { tradeFee } from '../../src/spot/fees.ts';
import {
  DEFAULT_VIP_SCHEDULE,
  discountedRate,
  VipError,
  type VipTier,
  vipLevelFor,
  vipProgress,
  vipSchedule,
  vipScheduleProblem,
} from '../../src/vip/levels.ts';

const ONE = 10n ** 18n;
const u = parseUnits;
const tiers = (rows: [number, string, string][]): VipTier[] =>
  rows.map(([level, minVolume, feeMultiplier]) => ({
    level,
    minVolume: u(minVolume),
    feeMultiplier: u(feeMultiplier),
  }));

describe('VIP levels', () => {
  it('gives the highest level whose minimum 30-day volume is reached, boundaries included', () => {
    const s = DEFAULT_VIP_SCHEDULE;
    const cases: [string, number][] = [
      ['0', 0],
      ['49999.999999999999999999', 0],
      ['50000', 1],
      ['249999.99', 1],
      ['250000', 2],
      ['999999.999999999999999999', 2],
      ['1000000', 3],
      ['4999999', 3],
      ['5000000', 4],
      ['19999999.999999999999999999', 4],
      ['20000000', 5],
      ['99999999999999999999', 5],
    ];
    for (const [volume, level] of cases) expect(vipLevelFor(u(volume), s), volume).toBe(level);
  });

  it('starts with the schedule of the product: 1.00 down to 0.50 from 0 to 20,000,000 USDT', () => {
    expect(
      DEFAULT_VIP_SCHEDULE.map((t) => [t.level, formatUnits(t.minVolume), formatUnits(t.feeMultiplier)]),
    ).toEqual([
      [0, '0', '1'],
      [1, '50000', '0.9'],
      [2, '250000', '0.8'],
      [3, '1000000', '0.7'],
      [4, '5000000', '0.6'],
      [5, '20000000', '0.5'],
    ]);
    expect(vipScheduleProblem(DEFAULT_VIP_SCHEDULE)).toBeNull();
  });

  it('says what is left to the next level and how far along the user is', () => {
    const p = vipProgress(u('30000'), DEFAULT_VIP_SCHEDULE);
    expect(p.current.level).toBe(0);
    expect(p.next?.level).toBe(1);
    expect(formatUnits(p.remaining)).toBe('20000');
    expect(formatUnits(p.progress)).toBe('0.6');

    const mid = vipProgress(u('300000'), DEFAULT_VIP_SCHEDULE);
    expect([mid.current.level, mid.next?.level, formatUnits(mid.remaining)]).toEqual([2, 3, '700000']);
    expect(formatUnits(mid.progress)).toBe('0.3');

    // 1/3 of the way is rounded down, never shown as further along than it is.
    expect(formatUnits(vipProgress(u('16666.666666666666666666'), DEFAULT_VIP_SCHEDULE).progress)).toBe(
      '0.333333333333333333',
    );

    const top = vipProgress(u('25000000'), DEFAULT_VIP_SCHEDULE);
    expect(top.current.level).toBe(5);
    expect(top.next).toBeNull();
    expect(top.remaining).toBe(0n);
    expect(top.progress).toBe(ONE);
    expect(() => vipProgress(-1n, DEFAULT_VIP_SCHEDULE)).toThrow(VipError);
  });

  it('refuses schedules an operator must not save, naming the first problem', () => {
    const good: [number, string, string][] = [
      [0, '0', '1'],
      [1, '10', '0.9'],
      [2, '20', '0.8'],
      [3, '30', '0.7'],
      [4, '40', '0.6'],
      [5, '50', '0.5'],
    ];
    expect(vipScheduleProblem(tiers(good))).toBeNull();
    // Any order is fine; the check sorts by level.
    expect(vipScheduleProblem(tiers([...good].reverse()))).toBeNull();

    const edit = (level: number, minVolume: string, multiplier: string) =>
      tiers(good.map((row) => (row[0] === level ? [level, minVolume, multiplier] : row)));
    expect(vipScheduleProblem(tiers(good.slice(0, 5)))).toEqual({ kind: 'levels' });
    expect(vipScheduleProblem(tiers([...good, [5, '60', '0.4']]))).toEqual({ kind: 'levels' });
    expect(vipScheduleProblem(tiers([...good.slice(0, 5), [6, '60', '0.4']]))).toEqual({ kind: 'levels' });
    expect(vipScheduleProblem(edit(2, '20', '0'))).toEqual({ kind: 'multiplier', level: 2 });
    expect(vipScheduleProblem(edit(4, '40', '1.000000000000000001'))).toEqual({
      kind: 'multiplier',
      level: 4,
    });
    expect(vipScheduleProblem(edit(0, '0', '1'))).toBeNull();
    expect(vipScheduleProblem(edit(0, '1', '1'))).toEqual({ kind: 'base_volume' });
    expect(vipScheduleProblem(edit(3, '20', '0.7'))).toEqual({ kind: 'volume_order', level: 3, previous: 2 });
    expect(vipScheduleProblem(edit(5, '39.999', '0.5'))).toEqual({
      kind: 'volume_order',
      level: 5,
      previous: 4,
    });
    expect(() => vipSchedule(edit(1, '0', '0.9'))).toThrow(VipError);
    expect(vipSchedule(tiers([...good].reverse())).map((t) => t.level)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('discountedRate', () => {
  it('multiplies the fee rate, exactly when it can', () => {
    expect(formatUnits(discountedRate(u('0.001'), u('0.9')))).toBe('0.0009');
    expect(formatUnits(discountedRate(u('0.001'), u('0.5')))).toBe('0.0005');
    expect(discountedRate(u('0.001'), ONE)).toBe(u('0.001'));
    expect(discountedRate(0n, u('0.7'))).toBe(0n);
  });

  it('rounds down at 18 decimals, in the user’s favour', () => {
    // 0.000000000000000007 x 0.5 = 0.0000000000000000035: the half unit is not charged.
    expect(discountedRate(7n, u('0.5'))).toBe(3n);
    // 0.001 x 0.333333333333333333 = 0.000333333333333333333: cut to 18 places.
    expect(formatUnits(discountedRate(u('0.001'), u('0.333333333333333333')))).toBe('0.000333333333333333');
    expect(discountedRate(1n, 1n)).toBe(0n);
  });

  it('refuses rates and multipliers that make no sense', () => {
    expect(() => discountedRate(-1n, ONE)).toThrow(VipError);
    expect(() => discountedRate(u('0.001'), 0n)).toThrow(VipError);
    expect(() => discountedRate(u('0.001'), ONE + 1n)).toThrow(VipError);
  });

  it('never charges more than the exact product, nor a unit less, nor more than the full rate', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: ONE - 1n }),
        fc.bigInt({ min: 1n, max: ONE }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        (rate, multiplier, quote) => {
          const d = discountedRate(rate, multiplier);
          expect(d * ONE).toBeLessThanOrEqual(rate * multiplier);
          expect((d + 1n) * ONE).toBeGreaterThan(rate * multiplier);
          expect(d).toBeLessThanOrEqual(rate);
          // So the fee on any trade at the discounted rate is at most the undiscounted fee.
          expect(tradeFee(quote, d)).toBeLessThanOrEqual(tradeFee(quote, rate));
        },
      ),
    );
  });
});
