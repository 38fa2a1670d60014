import type { BankDepositStatusName } from '@otc/protocol/cashier/bank/schemas';
import { cashierTexts } from '../texts.ts';

/** The back office's badge classes are named after these very statuses. */
export function BankStatusBadge({ status }: { status: BankDepositStatusName }) {
  return (
    <span className={`badge badge-${status}`} data-testid="bank-status-badge">
      {cashierTexts.bank.statuses[status] ?? status}
    </span>
  );
}
