import { canonicalDecimal, formatUnits, parseUnits } from '@otc/core';
import type { Withdrawal } from '@otc/protocol/cashier/withdrawal/schemas';
import { publishUserEvent } from '../../bus/user-channel.ts';
import type { AppContext } from '../../context.ts';
import * as queries from './queries.ts';

export function toWithdrawal(r: queries.WithdrawalRow): Withdrawal {
  const amount = parseUnits(r.amount);
  const fee = parseUnits(r.fee);
  return {
    id: r.id,
    asset: r.asset,
    chainId: r.chainId,
    address: r.address,
    amount: canonicalDecimal(r.amount),
    fee: canonicalDecimal(r.fee),
    received: formatUnits(amount - fee),
    status: r.status,
    approvalsNeeded: r.approvalsNeeded,
    approvals: r.approvals,
    txHash: r.txHash,
    reason: r.reason,
    failure: r.failureKind ? { kind: r.failureKind, detail: r.failureDetail ?? '' } : null,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

/**
 * Tells the owner's sockets where a withdrawal stands now (issue 23): every status move (requested,
 * approved, rejected, waiting for funds, sent, completed, failed) is followed by this, after its
 * transaction committed, so the records and the withdraw screen follow it as the order lists follow
 * orders. The row is read again rather than passed in: the event carries what is stored.
 */
export async function announceWithdrawal(ctx: AppContext, id: string): Promise<void> {
  const row = await queries.findWithdrawal(ctx.db, id);
  if (row) publishUserEvent(ctx.bus, row.userId, { kind: 'withdrawal', withdrawal: toWithdrawal(row) });
}
