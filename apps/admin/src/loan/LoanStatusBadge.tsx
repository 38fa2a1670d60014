import type { LoanStatus } from '@otc/protocol/loan/schemas';
import { loanTexts } from './texts.ts';

/** The badge classes the back office already has: pending, approved (live money), rejected. */
const BADGE: Record<LoanStatus, string> = {
  pending: 'pending',
  active: 'approved',
  repaid: 'active',
  rejected: 'rejected',
  liquidated: 'rejected',
};

export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  return (
    <span className={`badge badge-${BADGE[status]}`} data-testid="loan-status-badge">
      {loanTexts.loan.statuses[status] ?? status}
    </span>
  );
}
