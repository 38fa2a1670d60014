import { canonicalDecimal } from '@otc/core';
import type { BankDeposit, BankDepositReview, BankDepositRow } from '@otc/protocol/cashier/bank/schemas';
import type { BankDepositRecord, BankReviewRecord } from './queries.ts';

/** Bank deposit rows as the protocol answers them: amounts canonical, times ISO. */

export function toBankDeposit(r: BankDepositRecord): BankDeposit {
  return {
    id: r.id,
    amount: canonicalDecimal(r.amount),
    asset: r.asset,
    reference: r.reference,
    status: r.status,
    reason: r.reason,
    submittedAt: new Date(r.submittedAt).toISOString(),
    decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
  };
}

export const toBankDepositRow = (r: BankReviewRecord): BankDepositRow => ({
  ...toBankDeposit(r),
  userId: r.userId,
  account: r.account,
});

export const toBankDepositReview = (r: BankReviewRecord): BankDepositReview => ({
  ...toBankDepositRow(r),
  proof: r.proof,
  paidTo: r.paidTo,
  decidedBy: r.decidedBy,
});
