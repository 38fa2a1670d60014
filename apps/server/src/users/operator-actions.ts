import { canonicalDecimal } from '@otc/core';
import type { OperatorAction } from '@otc/protocol/users/schemas';
import type { AppContext } from '../context.ts';
import { operatorActionsOn } from '../platform/audit.ts';

/** The operators' actions on the user's account (platform/audit.ts `auditOnUser` writes them), a page at a time. */
export async function operatorActions(
  ctx: AppContext,
  userId: string,
  page: { page: number; pageSize: number },
): Promise<{ items: OperatorAction[]; total: number }> {
  const { rows, total } = await operatorActionsOn(ctx.db, userId, page);
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      action: r.action,
      at: new Date(r.at).toISOString(),
      role: r.role === 'admin' || r.role === 'reviewer' || r.role === 'support' ? r.role : null,
      amount: r.amount === null ? null : canonicalDecimal(r.amount),
      asset: r.asset,
      reason: r.reason,
      status: r.status,
    })),
  };
}
