import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accrualDays,
  dailyYield,
  dayIso,
  daysOwed,
  earnAmountRefusal,
  isoDay,
  productProblem,
  rateFor,
  redemptionLegs,
  redemptionPenalty,
  utcDay,
} from '../../src/earn/rules.ts';
import { assertBalanced } from '../../src/ledger/posting.ts';
import { formatUnits, parseUnits } from '../../src/money/decimal.ts';

const u = parseUnits;
const at = (iso: string) => Date.parse(iso);

describe('earn rules', () => {
  it('a day yields principal x daily rate, rounded down to 8 places', () => {
    // 1000 USDT x 0.5% a day = 5 exactly.
    expect(formatUnits(dailyYield(u('1000'), u('0.005')))).toBe('5');
    // 123.456789 x 0.00123456 = 0.15241481342784 exactly: 8 places, down.
    expect(formatUnits(dailyYield(u('123.456789'), u('0.00123456')))).toBe('0.15241481');
    // 0.00000001 x 0.5 = 0.000000005: below the 8th place, nothing.
    expect(formatUnits(dailyYield(u('0.00000001'), u('0.5')))).toBe('0');
  });

  it('never rounds up and never loses more than the 8th place', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 33n }),
        fc.bigInt({ min: 1n, max: 10n ** 17n }),
        (principal, rate) => {
          const y = dailyYield(principal, rate);
          const exact = (principal * rate) / 10n ** 18n;
          expect(y <= exact).toBe(true);
          expect(exact - y < 10n ** 10n).toBe(true);
          expect(y % 10n ** 10n).toBe(0n);
        },
      ),
    );
  });

  it('fixes the rate linearly over the amount range, rounded down, the ends exact', () => {
    const range = { minAmount: u('100'), maxAmount: u('10100'), rateMin: u('0.001'), rateMax: u('0.002') };
    expect(formatUnits(rateFor(u('100'), range))).toBe('0.001');
    expect(formatUnits(rateFor(u('10100'), range))).toBe('0.002');
    // Halfway: 5100 is (5100 - 100) / 10000 = 0.5 of the way: 0.001 + 0.001 x 0.5.
    expect(formatUnits(rateFor(u('5100'), range))).toBe('0.0015');
    // 1/3 of the way (3433.333...): 0.001 + 0.000333333... = 0.00133333 (8 places, down).
    expect(formatUnits(rateFor(u('3433.333333333333333333'), range))).toBe('0.00133333');
    // One rate: whatever the amount.
    expect(formatUnits(rateFor(u('500'), { ...range, rateMax: u('0.001') }))).toBe('0.001');
    fc.assert(
      fc.property(
        fc.bigInt({ min: u('100'), max: u('10100') }),
        fc.bigInt({ min: u('100'), max: u('10100') }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const rl = rateFor(lo, range);
          const rh = rateFor(hi, range);
          expect(rl <= rh).toBe(true);
          expect(rl >= range.rateMin && rh <= range.rateMax).toBe(true);
        },
      ),
    );
  });

  it('refuses an amount outside the product range', () => {
    expect(earnAmountRefusal(u('99.99'), u('100'), u('1000'))).toBe('earn_amount_below_min');
    expect(earnAmountRefusal(u('1000.01'), u('100'), u('1000'))).toBe('earn_amount_above_max');
    expect(earnAmountRefusal(u('100'), u('100'), u('1000'))).toBeNull();
    expect(earnAmountRefusal(u('1000'), u('100'), u('1000'))).toBeNull();
  });

  it('earns the whole UTC days after the subscription day, each owed once it is over', () => {
    // Subscribed on 2026-03-02 at 23:59: earns 03-03 .. 03-09 (7 days).
    const sub = at('2026-03-02T23:59:00Z');
    const { first, last } = accrualDays(sub, 7);
    expect([dayIso(first), dayIso(last)]).toEqual(['2026-03-03', '2026-03-09']);
    const paidThrough = utcDay(sub);
    // The subscription day and the first day itself: nothing owed yet.
    expect(daysOwed(paidThrough, last, at('2026-03-03T00:00:00Z'))).toBeNull();
    expect(daysOwed(paidThrough, last, at('2026-03-03T23:59:59.999Z'))).toBeNull();
    // 00:00 on 03-04: day 03-03 is whole.
    expect(daysOwed(paidThrough, last, at('2026-03-04T00:00:00Z'))).toEqual({
      from: first,
      to: first,
      count: 1,
    });
    // Nothing ran for three days: three owed at once.
    const three = daysOwed(paidThrough, last, at('2026-03-06T08:00:00Z'));
    expect(three && [dayIso(three.from), dayIso(three.to), three.count]).toEqual([
      '2026-03-03',
      '2026-03-05',
      3,
    ]);
    // Paid through 03-05, asked again on the same day: nothing more.
    expect(daysOwed(isoDay('2026-03-05'), last, at('2026-03-06T23:00:00Z'))).toBeNull();
    // Long after the end: the cycle's days only, never more.
    expect(daysOwed(paidThrough, last, at('2026-04-30T00:00:00Z'))?.count).toBe(7);
    expect(daysOwed(last, last, at('2026-04-30T00:00:00Z'))).toBeNull();
  });

  it('caps an early redemption penalty at the yield already paid', () => {
    // 1000 x 2% = 20, 10 paid so far: 10 kept back.
    expect(formatUnits(redemptionPenalty(u('1000'), u('0.02'), u('10')))).toBe('10');
    // 1000 x 0.5% = 5, 10 paid: 5.
    expect(formatUnits(redemptionPenalty(u('1000'), u('0.005'), u('10')))).toBe('5');
    // Nothing paid yet: nothing kept back, the principal comes back whole.
    expect(formatUnits(redemptionPenalty(u('1000'), u('0.02'), 0n))).toBe('0');
    // 333.33333333 x 0.003 = 0.99999999999: 8 places, down.
    expect(formatUnits(redemptionPenalty(u('333.33333333'), u('0.003'), u('100')))).toBe('0.99999999');
  });

  it('says what is wrong with product settings', () => {
    const ok = {
      minAmount: u('100'),
      maxAmount: u('1000'),
      cycleDays: 7,
      rateMin: u('0.005'),
      rateMax: u('0.005'),
      penaltyRate: u('0.01'),
    };
    expect(productProblem(ok)).toBeNull();
    expect(productProblem({ ...ok, minAmount: 0n })?.field).toBe('minAmount');
    expect(productProblem({ ...ok, maxAmount: u('99') })?.field).toBe('maxAmount');
    expect(productProblem({ ...ok, cycleDays: 0 })?.key).toBe('earn_product_cycle');
    expect(productProblem({ ...ok, cycleDays: 1.5 })?.key).toBe('earn_product_cycle');
    expect(productProblem({ ...ok, rateMax: u('0.004') })?.field).toBe('rateMax');
    expect(productProblem({ ...ok, rateMax: u('5') })?.field).toBe('rateMax');
    expect(productProblem({ ...ok, rateMin: u('0.000000001') })?.field).toBe('rateMin');
    expect(productProblem({ ...ok, penaltyRate: u('1.5') })?.key).toBe('earn_product_penalty');
  });

  it('redeems early in balanced legs: the principal unfrozen, less the penalty, which goes to the treasury', () => {
    const legs = redemptionLegs('user:7:funding', 'platform:main:treasury', 'USDT', u('1000'), u('10'));
    assertBalanced(legs);
    expect(legs.map((l) => [l.account, l.field, formatUnits(l.amount)])).toEqual([
      ['user:7:funding', 'frozen', '-1000'],
      ['user:7:funding', 'available', '990'],
      ['platform:main:treasury', 'available', '10'],
    ]);
    // No penalty: no treasury leg (a zero leg is not a posting's).
    const whole = redemptionLegs('user:7:funding', 'platform:main:treasury', 'USDT', u('1000'), 0n);
    assertBalanced(whole);
    expect(whole).toHaveLength(2);
  });
});
