import { parseUnits } from '@otc/core';
import { LOAN_ASSET } from '@otc/protocol/loan/constants';
import type { TreasuryOwed } from '../platform/treasury.ts';

/**
 * Loans' promise on the treasury (decisions 0125, 0126): the principal of every application waiting
 * for an operator, which approval pays out of the realm's treasury. An active loan's principal is
 * already paid (it comes back, with interest, at repayment); a demo application is approved at once,
 * so the demo realm rarely owes any.
 */
export const loanTreasuryOwed: TreasuryOwed = async (q, { realm }) => {
  const [row] = await q.query<{ amount: string }>(
    `SELECT COALESCE(sum(amount), 0)::text AS amount FROM loans WHERE status = 'pending' AND realm = $1`,
    [realm],
  );
  return [{ source: 'loan', asset: LOAN_ASSET, amount: parseUnits(row?.amount ?? '0') }];
};
