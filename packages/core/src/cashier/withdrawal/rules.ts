import type { Units } from '../../money/decimal.ts';

/**
 * The published withdrawal rules (PRODUCT.md "Withdrawals"), pure: what a request may be, and how
 * many operators must approve it before it is sent.
 */
export interface WithdrawalLimits {
  /** Taken from the amount: the user receives amount - fee. */
  fee: Units;
  /** The smallest amount that may be requested. */
  minimum: Units;
}

export interface ReviewThresholds {
  /** Above this amount one operator approves before the withdrawal is sent. */
  review: Units;
  /** Above this amount a second, different operator approves too. */
  large: Units;
}

export type AmountRefusal = 'below_minimum' | 'not_above_fee' | 'more_than_available';

/** Why an amount may not be withdrawn, or null when it may. */
export function amountRefusal(
  amount: Units,
  limits: WithdrawalLimits,
  available: Units,
): AmountRefusal | null {
  if (amount < limits.minimum) return 'below_minimum';
  if (amount <= limits.fee) return 'not_above_fee';
  if (amount > available) return 'more_than_available';
  return null;
}

/** How many different operators must approve a withdrawal of `amount`: 0, 1 or 2. */
export function approvalsNeeded(amount: Units, thresholds: ReviewThresholds): 0 | 1 | 2 {
  if (amount > thresholds.large) return 2;
  if (amount > thresholds.review) return 1;
  return 0;
}

export type ApprovalRefusal = 'already_decided' | 'same_operator';

/**
 * Whether `operatorId` may approve a withdrawal now: only while under review, and never twice by
 * the same operator (the second approval of a large one must be somebody else's).
 */
export function approvalRefusal(underReview: boolean, approvedBy: readonly string[], operatorId: string) {
  if (!underReview) return 'already_decided' satisfies ApprovalRefusal;
  if (approvedBy.includes(operatorId)) return 'same_operator' satisfies ApprovalRefusal;
  return null;
}
