import { parseUnits } from '@otc/core/money/decimal';
import type { Loan, LoanQuote, LoanRepayment } from '@otc/protocol/loan/schemas';
import type { TKey } from '../i18n/keys.ts';
import { maxAmount } from '../money/amounts.ts';
import { displayFraction } from '../money/rate.ts';

/**
 * What the loan pages show, decided from the server's figures alone: every amount is the server's
 * decimal string, compared here as exact units and never added up (the server's `total` is the
 * sum; the page only chooses which lines to show).
 */

/** An LTV (a fraction, 0.65) as the locale writes a percentage with two places, cut: '0.7999' -> '79.99%'. */
export function ltvText(ratio: string, lang: string): string {
  return displayFraction(ratio, lang, { decimals: 2, minDecimals: 2 });
}

/** A loan's state as the list shows it: seed §4's "not repaid" split by whether it is past due. */
export type LoanShownStatus = 'pending' | 'rejected' | 'notRepaid' | 'overdue' | 'repaid' | 'liquidated';

export function shownStatus(loan: Pick<Loan, 'status' | 'overdue'>): LoanShownStatus {
  if (loan.status === 'active') return loan.overdue ? 'overdue' : 'notRepaid';
  return loan.status;
}

export const STATUS_LABELS: Record<LoanShownStatus, TKey> = {
  pending: 'loan.records.status.pending',
  rejected: 'loan.records.status.rejected',
  notRepaid: 'loan.records.status.notRepaid',
  overdue: 'loan.records.status.overdue',
  repaid: 'loan.records.status.repaid',
  liquidated: 'loan.records.status.liquidated',
};

export type RepayLine = 'principal' | 'interest' | 'earlyPenalty' | 'overdueInterest' | 'lateFee';

export const REPAY_LINE_LABELS: Record<RepayLine | 'total', TKey> = {
  principal: 'loan.records.lines.principal',
  interest: 'loan.records.lines.interest',
  earlyPenalty: 'loan.records.lines.earlyPenalty',
  overdueInterest: 'loan.records.lines.overdueInterest',
  lateFee: 'loan.records.lines.lateFee',
  total: 'loan.records.lines.total',
};

const isZero = (amount: string) => parseUnits(amount) === 0n;

/**
 * The lines of a repayment above its total: principal and interest always; the early-repayment
 * penalty, the overdue interest and the late fee only when they charge something (a loan repaid
 * early has no overdue lines, one repaid late no penalty).
 */
export function repayLines(repayment: LoanRepayment): { line: RepayLine; amount: string }[] {
  const optional = (['earlyPenalty', 'overdueInterest', 'lateFee'] as const).filter(
    (line) => !isZero(repayment[line]),
  );
  return (['principal', 'interest', ...optional] as const).map((line) => ({
    line,
    amount: repayment[line],
  }));
}

/** Whether the user holds less of the collateral asset than the quote would freeze. */
export function collateralShort(quote: Pick<LoanQuote, 'collateralAmount' | 'collateralAvailable'>): boolean {
  return parseUnits(quote.collateralAmount) > parseUnits(quote.collateralAvailable);
}

/** The collateral given back: all of it once repaid, what a liquidation did not sell; null while it is held (or never was). */
export function releasedCollateral(
  loan: Pick<Loan, 'status' | 'collateralAmount' | 'liquidation'>,
): string | null {
  if (loan.status === 'repaid') return loan.collateralAmount;
  if (loan.status === 'liquidated') return loan.liquidation?.released ?? null;
  return null;
}

/**
 * What the Repay action sends, the figure the user confirms: an active loan's `repayNow.total`; a
 * liquidated loan's debt (its shortfall) while any is unpaid; null when there is nothing to repay.
 */
export function repayAmount(loan: Pick<Loan, 'status' | 'repayNow' | 'debt'>): string | null {
  if (loan.status === 'active') return loan.repayNow?.total ?? null;
  if (loan.status === 'liquidated' && !isZero(loan.debt)) return loan.repayNow?.total ?? loan.debt;
  return null;
}

/** The "Max" of the amount: the smaller of the user's available limit and the product's maximum, cut to `decimals`. */
export function maxToBorrow(availableLimit: string, productMax: string, decimals: number): string {
  const limit = maxAmount(availableLimit, decimals);
  const top = maxAmount(productMax, decimals);
  return parseUnits(limit) < parseUnits(top) ? limit : top;
}
