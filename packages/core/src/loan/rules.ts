import { roundUnits, SCALE, type Units } from '../money/decimal.ts';

/**
 * Loans' pure rules (issue 26, docs/decisions/0125-loans.md): interest, what repaying takes at any
 * moment (early, on time, overdue), collateral and LTV, liquidation's split, product settings and
 * the borrower's age. Every charge and the collateral are rounded up to 8 places: the platform
 * never undercharges by rounding; the ledger holds 18.
 */

export const LOAN_DAY_MS = 86_400_000;
/** Charges and collateral are rounded up to this many places. */
export const LOAN_PLACES = 8;
/** The terms a product may offer, in days (mirrors the protocol's LOAN_TERMS; core imports no protocol). */
export const LOAN_TERM_DAYS = [7, 15, 30, 60, 90] as const;
/** Overdue days charged at most: at 3 full days the collateral is liquidated. */
export const LOAN_OVERDUE_DAYS_CAP = 3;

const ONE: Units = 10n ** BigInt(SCALE);
const STEP8: Units = 10n ** BigInt(SCALE - LOAN_PLACES);
/** 110%: overdue interest per day is the daily rate x this. */
const OVERDUE_FACTOR: Units = (ONE * 11n) / 10n;
/** 1% of the term's interest per overdue day. */
const LATE_FEE_RATE: Units = ONE / 100n;
/** 50% of the interest not yet accrued, on early repayment. */
const EARLY_SHARE: Units = ONE / 2n;
/** Daily rates go up to 10% a day: a typo (5 for 0.05) must not pass. */
export const LOAN_MAX_DAILY_RATE: Units = ONE / 10n;

/** ceil(n / d) for n >= 0, d > 0. */
const ceilDiv = (n: bigint, d: bigint): bigint => (n + d - 1n) / d;
/** Rounds a positive exact value `n / 10^(18 + extra)` up to 8 places, as units. */
const ceil8Of = (n: bigint, extraScale: bigint): Units => ceilDiv(n, STEP8 * extraScale) * STEP8;

/** x rounded up to 8 places. */
export const ceil8 = (x: Units): Units => roundUnits(x, LOAN_PLACES, 'up');
/** a x b exactly, then rounded up to 8 places (no rounding in between). */
export const mulCeil8 = (a: Units, b: Units): Units => ceil8Of(a * b, ONE);

/** The term's interest I = ceil8(P x r x term). */
export function loanInterest(principal: Units, dailyRate: Units, days: number): Units {
  return ceil8Of(principal * dailyRate * BigInt(days), ONE);
}

/** Days of interest counted at `nowMs`: started 24-hour periods since approval, at least 1, at most the term. */
export function interestDays(approvedMs: number, nowMs: number, termDays: number): number {
  const started = Math.ceil((nowMs - approvedMs) / LOAN_DAY_MS);
  return Math.min(termDays, Math.max(1, started));
}

/** Started 24-hour periods past the due time (0 until then), at most 3: the charge stops at liquidation. */
export function overdueDays(dueMs: number, nowMs: number): number {
  if (nowMs <= dueMs) return 0;
  return Math.min(LOAN_OVERDUE_DAYS_CAP, Math.ceil((nowMs - dueMs) / LOAN_DAY_MS));
}

/** Whether a loan's collateral must be sold for lateness: 3 full days (72 h) past due. */
export const overdueLiquidates = (dueMs: number, nowMs: number): boolean =>
  nowMs >= dueMs + LOAN_OVERDUE_DAYS_CAP * LOAN_DAY_MS;

/** Per overdue day: interest ceil8(P x r x 1.1) and late fee ceil8(1% x I). */
export function overdueDaily(principal: Units, dailyRate: Units, interest: Units) {
  return {
    interest: ceil8Of(principal * dailyRate * OVERDUE_FACTOR, ONE * ONE),
    lateFee: mulCeil8(interest, LATE_FEE_RATE),
  };
}

/** A loan's fixed terms, as its row copies them at approval. */
export interface LoanTerms {
  principal: Units;
  dailyRate: Units;
  termDays: number;
  /** I, the term's interest. */
  interest: Units;
  approvedMs: number;
  dueMs: number;
}

/** What repaying takes at one moment, line by line (the protocol's `loanRepayment`). */
export interface Repayment {
  principal: Units;
  interest: Units;
  earlyPenalty: Units;
  overdueInterest: Units;
  lateFee: Units;
  total: Units;
  days: number;
  overdueDays: number;
}

/**
 * What repaying at `nowMs` takes. Before the due time: principal + interest to date +
 * ceil8(50% x the interest not yet accrued) (on the last day that is exactly P + I). From the due
 * time on: P + I + overdue days x (daily overdue interest + daily late fee), at most 3 days.
 */
export function repayment(t: LoanTerms, nowMs: number): Repayment {
  if (nowMs < t.dueMs) {
    const days = interestDays(t.approvedMs, nowMs, t.termDays);
    const toDate = loanInterest(t.principal, t.dailyRate, days);
    const earlyPenalty = mulCeil8(t.interest - toDate, EARLY_SHARE);
    return {
      principal: t.principal,
      interest: toDate,
      earlyPenalty,
      overdueInterest: 0n,
      lateFee: 0n,
      total: t.principal + toDate + earlyPenalty,
      days,
      overdueDays: 0,
    };
  }
  const od = overdueDays(t.dueMs, nowMs);
  const daily = overdueDaily(t.principal, t.dailyRate, t.interest);
  const overdueInterest = daily.interest * BigInt(od);
  const lateFee = daily.lateFee * BigInt(od);
  return {
    principal: t.principal,
    interest: t.interest,
    earlyPenalty: 0n,
    overdueInterest,
    lateFee,
    total: t.principal + t.interest + overdueInterest + lateFee,
    days: t.termDays,
    overdueDays: od,
  };
}

/**
 * What is owed now for the LTV and a liquidation: principal + interest to date + overdue charges
 * (no early-repayment penalty: the user is not repaying).
 */
export function owedNow(t: LoanTerms, nowMs: number): Units {
  const r = repayment(t, nowMs);
  return r.total - r.earlyPenalty;
}

/** Collateral frozen at approval: C = ceil8(P / initialLtv / price). */
export function collateralFor(principal: Units, initialLtv: Units, price: Units): Units {
  // P/L/p is (P x 10^18) / (L x p) in real terms: exact until the one rounding up.
  return ceil8Of(principal * ONE * ONE, initialLtv * price);
}

/** LTV = owed / (C x price), shown rounded up to 8 places (a risk figure is never shown lower). */
export function loanLtv(owed: Units, collateral: Units, price: Units): Units {
  if (collateral === 0n || price === 0n) return ONE;
  return ceil8Of(owed * ONE * ONE, collateral * price);
}

/** Whether owed / (C x price) >= ltv, compared exactly (owed x 10^36 >= ltv x C x price). */
export function ltvReached(owed: Units, collateral: Units, price: Units, ltv: Units): boolean {
  return owed * ONE * ONE >= ltv * collateral * price;
}

/** The index price at which the LTV reaches `ltv`: owed / (C x ltv), rounded up to 8 places. */
export function priceAtLtv(owed: Units, collateral: Units, ltv: Units): Units {
  return ceil8Of(owed * ONE * ONE, collateral * ltv);
}

/** A liquidation's split of the collateral C for a debt D at price p. */
export interface LiquidationSplit {
  /** To the treasury: min(C, ceil8(D / p)). */
  sold: Units;
  /** Back to the user's available balance: C - sold. */
  released: Units;
  /** D beyond what C fetched, max(0, D - C x p), rounded up to 8 places: the user's debt. */
  shortfall: Units;
}

export function liquidationSplit(owed: Units, collateral: Units, price: Units): LiquidationSplit {
  const needed = ceil8Of(owed * ONE, price);
  if (needed <= collateral) return { sold: needed, released: collateral - needed, shortfall: 0n };
  // D x 10^18 - C x p is the exact shortfall at 36 places; positive here (C x p < D).
  const exact = owed * ONE - collateral * price;
  return { sold: collateral, released: 0n, shortfall: exact > 0n ? ceil8Of(exact, ONE) : 0n };
}

export type LoanProductProblem =
  | { key: 'loan_product_amounts'; field: 'minAmount' | 'maxAmount' }
  | { key: 'loan_product_terms'; field: 'terms' }
  | { key: 'loan_product_rate'; field: 'dailyRate' }
  | { key: 'loan_product_ltv'; field: 'initialLtv' | 'marginCallLtv' | 'liquidationLtv' };

/** What is wrong with a product's settings, or null (the collateral assets' prices are the server's to check). */
export function loanProductProblem(p: {
  minAmount: Units;
  maxAmount: Units;
  terms: readonly number[];
  dailyRate: Units;
  initialLtv: Units;
  marginCallLtv: Units;
  liquidationLtv: Units;
}): LoanProductProblem | null {
  if (p.minAmount <= 0n) return { key: 'loan_product_amounts', field: 'minAmount' };
  if (p.maxAmount < p.minAmount) return { key: 'loan_product_amounts', field: 'maxAmount' };
  const offered = LOAN_TERM_DAYS as readonly number[];
  if (
    p.terms.length === 0 ||
    new Set(p.terms).size !== p.terms.length ||
    !p.terms.every((t) => offered.includes(t))
  )
    return { key: 'loan_product_terms', field: 'terms' };
  if (p.dailyRate <= 0n || p.dailyRate > LOAN_MAX_DAILY_RATE || ceil8(p.dailyRate) !== p.dailyRate)
    return { key: 'loan_product_rate', field: 'dailyRate' };
  if (p.initialLtv <= 0n) return { key: 'loan_product_ltv', field: 'initialLtv' };
  if (p.marginCallLtv <= p.initialLtv) return { key: 'loan_product_ltv', field: 'marginCallLtv' };
  if (p.liquidationLtv <= p.marginCallLtv || p.liquidationLtv >= ONE)
    return { key: 'loan_product_ltv', field: 'liquidationLtv' };
  return null;
}

/**
 * Full years from an ISO birth date (`1990-05-17`) to the UTC date of `nowMs`: the birthday itself
 * counts (18 on the 18th birthday); someone born on 29 February turns a year older on 1 March in
 * other years.
 */
export function ageOn(birthDate: string, nowMs: number): number {
  const [by, bm, bd] = birthDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const now = new Date(nowMs);
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  const d = now.getUTCDate();
  const before = m < bm || (m === bm && d < bd);
  return y - by - (before ? 1 : 0);
}

/** The limit left: total less the principal of open loans and pending applications, never below 0. */
export function availableLimit(total: Units, openPrincipal: Units): Units {
  return total > openPrincipal ? total - openPrincipal : 0n;
}
