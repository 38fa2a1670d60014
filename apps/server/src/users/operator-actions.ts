import { canonicalDecimal } from '@otc/core';
import type { OperatorAction } from '@otc/protocol/users/schemas';
import type { AppContext } from '../context.ts';
import { operatorActionsOn } from '../platform/audit.ts';

/** A page of the security centre's list: enough for a phone's screen and a half. */
const PAGE = 20;

/** The operators' actions on the user's account (platform/audit.ts `auditOnUser` writes them), a page at a time. */
export async function operatorActions(
  ctx: AppContext,
  userId: string,
  before: string | undefined,
): Promise<{ items: OperatorAction[]; more: boolean }> {
  const rows = await operatorActionsOn(ctx.db, userId, { ...(before ? { before } : {}), limit: PAGE + 1 });
  return {
    items: rows.slice(0, PAGE).map((r) => ({
      id: r.id,
      action: r.action,
      at: new Date(r.at).toISOString(),
      role: r.role === 'admin' || r.role === 'reviewer' || r.role === 'support' ? r.role : null,
      amount: r.amount === null ? null : canonicalDecimal(r.amount),
      asset: r.asset,
      reason: r.reason,
      status: r.status,
    })),
    more: rows.length > PAGE,
  };
}
