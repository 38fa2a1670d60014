import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  availableLimit,
  collateralFor,
  interestDays,
  LOAN_DAY_MS,
  type LoanTerms,
  liquidationSplit,
  loanInterest,
  loanLtv,
  loanProductProblem,
  ltvReached,
  overdueDaily,
  overdueDays,
  overdueLiquidates,
  owedNow,
  priceAtLtv,
  repayment,
} from '../../src/loan/rules.ts';
import { formatUnits, parseUnits } from '../../src/money/decimal.ts';

const u = parseUnits;
const f = formatUnits;
const H = 3_600_000;
const T0 = Date.parse('2027-01-10T09:30:00Z');

/** 10,000 USDT for 30 days at 0.05% a day, approved at T0: the BTC case (price 60,000). */
const btcLoan: LoanTerms = {
  principal: u('10000'),
  dailyRate: u('0.0005'),
  termDays: 30,
  // 10000 x 0.0005 x 30 = 150
  interest: u('150'),
  approvedMs: T0,
  dueMs: T0 + 30 * LOAN_DAY_MS,
};

const figures = (r: ReturnType<typeof repayment>) => ({
  principal: f(r.principal),
  interest: f(r.interest),
  earlyPenalty: f(r.earlyPenalty),
  overdueInterest: f(r.overdueInterest),
  lateFee: f(r.lateFee),
  total: f(r.total),
  days: r.days,
  overdueDays: r.overdueDays,
});

describe('loan interest', () => {
  it('is P x r x days rounded up to 8 places', () => {
    // 10000 x 0.0005 x 30 = 150 exactly.
    expect(f(loanInterest(u('10000'), u('0.0005'), 30))).toBe('150');
    // 1000 x 0.00123457 x 7 = 8.64199 exactly.
    expect(f(loanInterest(u('1000'), u('0.00123457'), 7))).toBe('8.64199');
    // 123.45678901 x 0.00012345 x 15 = 0.2286111090492675: up to 0.22861111.
    expect(f(loanInterest(u('123.45678901'), u('0.00012345'), 15))).toBe('0.22861111');
    // 0.01 x 0.00000001 x 7 = 7e-10: a started 8th place is charged, 0.00000001.
    expect(f(loanInterest(u('0.01'), u('0.00000001'), 7))).toBe('0.00000001');
  });

  it('counts started 24-hour periods from approval, at least 1, at most the term', () => {
    expect(interestDays(T0, T0, 30)).toBe(1);
    expect(interestDays(T0, T0 + 1, 30)).toBe(1);
    expect(interestDays(T0, T0 + 24 * H, 30)).toBe(1);
    expect(interestDays(T0, T0 + 24 * H + 1, 30)).toBe(2);
    expect(interestDays(T0, T0 + 9.5 * LOAN_DAY_MS, 30)).toBe(10);
    expect(interestDays(T0, T0 + 45 * LOAN_DAY_MS, 30)).toBe(30);
  });
});

describe('what repaying takes', () => {
  it('early: interest to date plus half of the interest not yet accrued', () => {
    // Day 10 (9.5 days after approval, the 10th period started): to date 10000 x 0.0005 x 10 = 50,
    // unpaid 150 - 50 = 100, penalty 0.5 x 100 = 50; total 10000 + 50 + 50 = 10100.
    expect(figures(repayment(btcLoan, T0 + 9.5 * LOAN_DAY_MS))).toEqual({
      principal: '10000',
      interest: '50',
      earlyPenalty: '50',
      overdueInterest: '0',
      lateFee: '0',
      total: '10100',
      days: 10,
      overdueDays: 0,
    });
    // Within the first hour: day 1, 5 to date, penalty 0.5 x 145 = 72.5; 10077.5.
    expect(f(repayment(btcLoan, T0 + H).total)).toBe('10077.5');
  });

  it('on the last day costs exactly P + I', () => {
    // The 30th period: to date 150 = I, no penalty: 10150.
    const r = repayment(btcLoan, btcLoan.dueMs - H);
    expect(figures(r)).toMatchObject({ interest: '150', earlyPenalty: '0', total: '10150', days: 30 });
    // At the due time exactly, nothing overdue yet: 10150.
    expect(figures(repayment(btcLoan, btcLoan.dueMs))).toMatchObject({ total: '10150', overdueDays: 0 });
  });

  it('overdue: each started day adds ceil8(P x r x 1.1) and ceil8(1% x I), at most 3 days', () => {
    // Per day: 10000 x 0.0005 x 1.1 = 5.5 overdue interest; 1% x 150 = 1.5 late fee; 7 a day.
    const daily = overdueDaily(btcLoan.principal, btcLoan.dailyRate, btcLoan.interest);
    expect([f(daily.interest), f(daily.lateFee)]).toEqual(['5.5', '1.5']);
    // 1 ms past due: day 1 of overdue, 10150 + 7 = 10157.
    expect(f(repayment(btcLoan, btcLoan.dueMs + 1).total)).toBe('10157');
    // 2 days overdue (47 h): 10150 + 2 x 7 = 10164; the lines add up.
    expect(figures(repayment(btcLoan, btcLoan.dueMs + 47 * H))).toEqual({
      principal: '10000',
      interest: '150',
      earlyPenalty: '0',
      overdueInterest: '11',
      lateFee: '3',
      total: '10164',
      days: 30,
      overdueDays: 2,
    });
    // 4 days past: charged 3 days only, 10150 + 21 = 10171.
    expect(f(repayment(btcLoan, btcLoan.dueMs + 4 * LOAN_DAY_MS).total)).toBe('10171');
    expect(overdueDays(btcLoan.dueMs, btcLoan.dueMs + 10 * LOAN_DAY_MS)).toBe(3);
  });

  it('rounds each daily figure up first, so the days times it equal the total', () => {
    // 1000 x 0.00123457 x 1.1 = 1.358027; I = 1000 x 0.00123457 x 7 = 8.64199; 1% = 0.0864199 -> 0.08641990.
    const t: LoanTerms = {
      principal: u('1000'),
      dailyRate: u('0.00123457'),
      termDays: 7,
      interest: u('8.64199'),
      approvedMs: T0,
      dueMs: T0 + 7 * LOAN_DAY_MS,
    };
    const daily = overdueDaily(t.principal, t.dailyRate, t.interest);
    expect([f(daily.interest), f(daily.lateFee)]).toEqual(['1.358027', '0.0864199']);
    // 3 days: 1000 + 8.64199 + 3 x (1.358027 + 0.0864199) = 1008.64199 + 4.3333407 = 1012.9753307.
    expect(f(repayment(t, t.dueMs + 3 * LOAN_DAY_MS).total)).toBe('1012.9753307');
  });

  it('liquidates for lateness at 72 hours past due, not before', () => {
    expect(overdueLiquidates(btcLoan.dueMs, btcLoan.dueMs + 72 * H - 1)).toBe(false);
    expect(overdueLiquidates(btcLoan.dueMs, btcLoan.dueMs + 72 * H)).toBe(true);
  });

  it('owes for the LTV without the early penalty', () => {
    // Day 1: 10000 + 5.
    expect(f(owedNow(btcLoan, T0 + H))).toBe('10005');
    // 2 days overdue: 10164.
    expect(f(owedNow(btcLoan, btcLoan.dueMs + 47 * H))).toBe('10164');
  });

  it('never charges less early than the interest to date, nor more than on the last day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 * 24 - 1 }), (hours) => {
        const r = repayment(btcLoan, T0 + hours * H);
        expect(r.total >= btcLoan.principal + r.interest).toBe(true);
        expect(r.total <= btcLoan.principal + btcLoan.interest + btcLoan.interest).toBe(true);
      }),
    );
  });
});

describe('collateral and LTV', () => {
  it('BTC at 60,000: C = ceil8(P / 0.65 / price) and the prices at 80% and 90%', () => {
    // 10000 / 0.65 / 60000 = 0.2564102564...: up to 0.25641026.
    const c = collateralFor(u('10000'), u('0.65'), u('60000'));
    expect(f(c)).toBe('0.25641026');
    // Day 1 owed 10005: LTV 10005 / (0.25641026 x 60000 = 15384.6156) = 0.650324998...: shown 0.650325.
    expect(f(loanLtv(u('10005'), c, u('60000')))).toBe('0.650325');
    // Margin call: 10005 / (0.25641026 x 0.8 = 0.205128208) = 48774.3743171...: up to 48774.37431716.
    expect(f(priceAtLtv(u('10005'), c, u('0.8')))).toBe('48774.37431716');
    // Liquidation: 10005 / (0.25641026 x 0.9 = 0.230769234) = 43354.9993930...: 43354.99939304.
    expect(f(priceAtLtv(u('10005'), c, u('0.9')))).toBe('43354.99939304');
    // At 43354.99939304 (rounded up) the 90% is reached; one 8th-place step lower it is not.
    expect(ltvReached(u('10005'), c, u('43354.99939304'), u('0.9'))).toBe(false);
    expect(ltvReached(u('10005'), c, u('43354.99939303'), u('0.9'))).toBe(true);
  });

  it('ETH at 3000.12345678 (many decimals)', () => {
    // 1000 / 0.65 / 3000.12345678 = 0.512799409965...: up to 0.51279941.
    const c = collateralFor(u('1000'), u('0.65'), u('3000.12345678'));
    expect(f(c)).toBe('0.51279941');
    // Margin call for 1000 owed: 1000 / (0.51279941 x 0.8 = 0.410239528) = 2437.600308471...: 2437.60030848.
    expect(f(priceAtLtv(u('1000'), c, u('0.8')))).toBe('2437.60030848');
    // LTV: 1000 / (0.51279941 x 3000.12345678 = 1538.461540...) = 0.6499999...: shown up, 0.65.
    expect(f(loanLtv(u('1000'), c, u('3000.12345678')))).toBe('0.65');
  });
});

describe('liquidation split', () => {
  it('sells what the debt needs and gives back the rest (BTC, overdue at 60,000)', () => {
    // Owed 10171 at 60000: 10171 / 60000 = 0.169516666...: sold 0.16951667; released
    // 0.25641026 - 0.16951667 = 0.08689359; no shortfall.
    const s = liquidationSplit(u('10171'), u('0.25641026'), u('60000'));
    expect([f(s.sold), f(s.released), f(s.shortfall)]).toEqual(['0.16951667', '0.08689359', '0']);
  });

  it('sells everything and records the shortfall when the collateral does not cover the debt', () => {
    // Owed 10005 at 30000: needs 0.3335 > 0.25641026, all sold; fetched 0.25641026 x 30000 =
    // 7692.3078; shortfall 10005 - 7692.3078 = 2312.6922.
    const s = liquidationSplit(u('10005'), u('0.25641026'), u('30000'));
    expect([f(s.sold), f(s.released), f(s.shortfall)]).toEqual(['0.25641026', '0', '2312.6922']);
  });

  it('with a price of many decimals (ETH)', () => {
    // Owed 1000.5 at 2200.12345678: 1000.5 / 2200.12345678 = 0.4547472083...: sold 0.45474721,
    // released 0.51279941 - 0.45474721 = 0.0580522.
    const s = liquidationSplit(u('1000.5'), u('0.51279941'), u('2200.12345678'));
    expect([f(s.sold), f(s.released), f(s.shortfall)]).toEqual(['0.45474721', '0.0580522', '0']);
    // At 1900.12345678: 0.51279941 x 1900.12345678 = 974.3821875639444998 exactly;
    // shortfall 1000.5 - 974.3821875639444998 = 26.1178124360555002, rounded up: 26.11781244.
    const t = liquidationSplit(u('1000.5'), u('0.51279941'), u('1900.12345678'));
    expect([f(t.sold), f(t.released), f(t.shortfall)]).toEqual(['0.51279941', '0', '26.11781244']);
  });
});

describe('products', () => {
  const good = {
    minAmount: u('100'),
    maxAmount: u('50000'),
    terms: [7, 30],
    dailyRate: u('0.0005'),
    initialLtv: u('0.65'),
    marginCallLtv: u('0.8'),
    liquidationLtv: u('0.9'),
  };
  it('accepts a sound product and names the first thing wrong', () => {
    expect(loanProductProblem(good)).toBeNull();
    expect(loanProductProblem({ ...good, minAmount: 0n })?.field).toBe('minAmount');
    expect(loanProductProblem({ ...good, maxAmount: u('99') })?.field).toBe('maxAmount');
    expect(loanProductProblem({ ...good, terms: [] })?.key).toBe('loan_product_terms');
    expect(loanProductProblem({ ...good, terms: [7, 8] })?.key).toBe('loan_product_terms');
    expect(loanProductProblem({ ...good, terms: [7, 7] })?.key).toBe('loan_product_terms');
    expect(loanProductProblem({ ...good, terms: [7, 15, 30, 60, 90] })).toBeNull();
    expect(loanProductProblem({ ...good, dailyRate: 0n })?.key).toBe('loan_product_rate');
    expect(loanProductProblem({ ...good, dailyRate: u('0.1') })).toBeNull();
    expect(loanProductProblem({ ...good, dailyRate: u('0.10000001') })?.key).toBe('loan_product_rate');
    expect(loanProductProblem({ ...good, dailyRate: u('0.000000001') })?.key).toBe('loan_product_rate');
    expect(loanProductProblem({ ...good, initialLtv: 0n })?.field).toBe('initialLtv');
    expect(loanProductProblem({ ...good, marginCallLtv: u('0.65') })?.field).toBe('marginCallLtv');
    expect(loanProductProblem({ ...good, liquidationLtv: u('0.8') })?.field).toBe('liquidationLtv');
    expect(loanProductProblem({ ...good, liquidationLtv: u('1') })?.field).toBe('liquidationLtv');
  });
});

describe('borrowers', () => {
  it('turn 18 on their 18th birthday (UTC), a 29 February birth on 1 March', () => {
    expect(ageOn('2009-03-15', Date.parse('2027-03-14T23:59:59Z'))).toBe(17);
    expect(ageOn('2009-03-15', Date.parse('2027-03-15T00:00:00Z'))).toBe(18);
    expect(ageOn('2008-02-29', Date.parse('2026-02-28T12:00:00Z'))).toBe(17);
    expect(ageOn('2008-02-29', Date.parse('2026-03-01T00:00:00Z'))).toBe(18);
    expect(ageOn('1990-12-31', Date.parse('2027-01-01T00:00:00Z'))).toBe(36);
  });

  it('have the limit less the principal open, never below 0', () => {
    // 50000 - 12000 = 38000.
    expect(f(availableLimit(u('50000'), u('12000')))).toBe('38000');
    expect(f(availableLimit(u('50000'), u('60000')))).toBe('0');
  });
});
