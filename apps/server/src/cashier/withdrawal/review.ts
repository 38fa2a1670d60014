import { approvalRefusal, canonicalDecimal } from '@otc/core';
import type { WithdrawalStatusName } from '@otc/protocol/cashier/withdrawal/rules';
import type { AdminWithdrawal } from '@otc/protocol/cashier/withdrawal/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { fail, failField } from '../../http/errors.ts';
import { announceBalances } from '../../ledger/index.ts';
import { announceNotices, notify } from '../../notifications/index.ts';
import { auditOnUser } from '../../platform/audit.ts';
import { releaseWithdrawal } from './ledger.ts';
import * as queries from './queries.ts';
import { announceWithdrawal, toWithdrawal } from './record.ts';

/** Where a withdrawal's notification takes the user: the withdrawal records. */
export const WITHDRAWALS_LINK = '/pages/assets/tibiList';

async function detail(ctx: AppContext, row: queries.WithdrawalRow): Promise<AdminWithdrawal> {
  const [account, decisions] = await Promise.all([
    queries.accountOf(ctx.db, row.userId),
    queries.decisionsOf(ctx.db, row.id),
  ]);
  return {
    ...toWithdrawal(row),
    userId: row.userId,
    account,
    nonce: row.nonce === null ? null : Number(row.nonce),
    decisions: decisions.map((d) => ({
      operator: d.operator,
      decision: d.decision,
      at: new Date(d.at).toISOString(),
    })),
  };
}

export async function withdrawals(
  ctx: AppContext,
  query: { page: number; pageSize: number; status?: WithdrawalStatusName | undefined },
) {
  const { items, total } = await queries.listWithdrawals(ctx.db, {
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: items.map((r) => ({
      ...toWithdrawal(r),
      userId: r.userId,
      account: r.account,
      nonce: r.nonce === null ? null : Number(r.nonce),
      decisions: [],
    })),
    total,
  };
}

export async function withdrawal(ctx: AppContext, id: string): Promise<AdminWithdrawal> {
  const row = await queries.findWithdrawal(ctx.db, id);
  if (!row) failField('not_found', 'id');
  return detail(ctx, row);
}

function operatorOf(req: FastifyRequest): string {
  const operatorId = req.operator?.id;
  if (!operatorId) fail('unauthorized');
  return operatorId;
}

/**
 * An operator approves a withdrawal under review, audited in the same transaction. It goes on to
 * the sender once it has the approvals its amount needs: one, or two from different operators for
 * a large one (the same operator twice is refused). `sent` is told when it did.
 */
export async function approve(
  ctx: AppContext,
  req: FastifyRequest,
  id: string,
  approved: (chainId: number) => void,
): Promise<AdminWithdrawal> {
  const operatorId = operatorOf(req);
  const at = ctx.clock.date();
  const ready = await ctx.db.tx(async (q) => {
    const row = await queries.lockWithdrawal(q, id);
    if (!row) failField('not_found', 'id');
    const approvers = (await queries.decisionsOf(q, id))
      .filter((d) => d.decision === 'approve')
      .map((d) => d.operatorId);
    const refusal = approvalRefusal(row.status === 'reviewing', approvers, operatorId);
    if (refusal === 'already_decided') fail('already_decided');
    if (refusal === 'same_operator') fail('withdraw_same_operator');
    await queries.insertDecision(q, { withdrawalId: id, operatorId, decision: 'approve', at });
    const enough = approvers.length + 1 >= row.approvalsNeeded;
    if (enough) await queries.moveWithdrawal(q, id, 'reviewing', 'approved', at);
    await auditOnUser(q, req, 'withdrawal.approve', row.userId, {
      withdrawal: id,
      amount: canonicalDecimal(row.amount),
      asset: row.asset,
      approval: approvers.length + 1,
      of: row.approvalsNeeded,
    });
    return enough ? row.chainId : null;
  });
  await announceWithdrawal(ctx, id);
  if (ready !== null) approved(ready);
  return withdrawal(ctx, id);
}

/** An operator rejects a withdrawal under review: its funds are unfrozen once, audited, and the user notified. */
export async function reject(
  ctx: AppContext,
  req: FastifyRequest,
  id: string,
  reason: string,
): Promise<AdminWithdrawal> {
  const operatorId = operatorOf(req);
  const at = ctx.clock.date();
  const userId = await ctx.db.tx(async (q) => {
    const row = await queries.lockWithdrawal(q, id);
    if (!row) failField('not_found', 'id');
    if (!(await queries.moveWithdrawal(q, id, 'reviewing', 'rejected', at, { reason })))
      fail('already_decided');
    await q.query(
      `INSERT INTO withdrawal_decisions (withdrawal_id, operator_id, decision, at) VALUES ($1, $2, 'reject', $3::timestamptz)
       ON CONFLICT (withdrawal_id, operator_id) DO UPDATE SET decision = 'reject', at = EXCLUDED.at`,
      [id, operatorId, at.toISOString()],
    );
    await releaseWithdrawal(q, row, 'withdrawal.reject');
    await auditOnUser(q, req, 'withdrawal.reject', row.userId, {
      withdrawal: id,
      amount: canonicalDecimal(row.amount),
      asset: row.asset,
      reason,
    });
    await notify(q, row.userId, {
      kind: 'withdrawal.rejected',
      params: { amount: canonicalDecimal(row.amount), asset: row.asset, reason },
      link: WITHDRAWALS_LINK,
    });
    return row.userId;
  });
  await announceNotices(ctx, [userId]);
  await announceBalances(ctx, 'live', [userId]);
  await announceWithdrawal(ctx, id);
  return withdrawal(ctx, id);
}
