import {
  canonicalDecimal,
  externalAccount,
  formatUnits,
  isDecimal,
  move,
  parseUnits,
  userAccount,
} from '@otc/core';
import type { Adjustment } from '@otc/protocol/ledger/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { one } from '../db/db.ts';
import { type PageRequest, paged } from '../db/paged.ts';
import { fail, failField } from '../http/errors.ts';
import { announceNotices, notify } from '../notifications/index.ts';
import { auditOnUser } from '../platform/audit.ts';
import { post } from '../postings/index.ts';
import { getUser } from '../users/index.ts';
import { announceBalances } from './announce.ts';
import { findAsset } from './assets.ts';
import { realmOfKind } from './service.ts';

/**
 * Manual adjustments (issue 3): an operator asks with a reason; a second operator approves or
 * rejects. Only approval moves money, against the "manual" external account, in one transaction
 * with the decision and both audit entries.
 */
interface AdjustmentRow {
  id: string;
  user_id: string;
  account: Adjustment['account'];
  asset: string;
  amount: string;
  reason: string;
  status: Adjustment['status'];
  requested_by: string;
  decided_by: string | null;
  created_at: Date;
  decided_at: Date | null;
}

const COLUMNS = `id::text AS id, user_id::text AS user_id, account, asset, amount::text AS amount, reason, status,
  requested_by::text AS requested_by, decided_by::text AS decided_by, created_at, decided_at`;

const toAdjustment = (r: AdjustmentRow): Adjustment => ({
  id: r.id,
  userId: r.user_id,
  account: r.account,
  asset: r.asset,
  amount: canonicalDecimal(r.amount),
  reason: r.reason,
  status: r.status,
  requestedBy: r.requested_by,
  decidedBy: r.decided_by,
  createdAt: new Date(r.created_at).toISOString(),
  decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
});

export async function requestAdjustment(
  ctx: AppContext,
  req: FastifyRequest,
  body: { userId: string; account: Adjustment['account']; asset: string; amount: string; reason: string },
): Promise<Adjustment> {
  const user = await getUser(ctx, body.userId);
  if (!user) failField('not_found', 'userId');
  const asset = await findAsset(ctx.db, body.asset);
  if (!isDecimal(body.amount.replace(/^-/, ''), asset.decimals))
    failField('amount_precision', 'amount', { decimals: asset.decimals });
  const amount = parseUnits(body.amount);
  if (amount === 0n) failField('amount_invalid', 'amount');
  return ctx.db.tx(async (q) => {
    const [row] = await q.query<AdjustmentRow>(
      `INSERT INTO ledger_adjustments (user_id, account, asset, amount, reason, requested_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [user.id, body.account, asset.code, formatUnits(amount), body.reason, req.operator?.id],
    );
    await auditOnUser(q, req, 'ledger.adjustment.request', user.id, {
      ...body,
      asset: asset.code,
      id: row?.id,
    });
    return toAdjustment(row as AdjustmentRow);
  });
}

export async function decideAdjustment(
  ctx: AppContext,
  req: FastifyRequest,
  id: string,
  approve: boolean,
): Promise<Adjustment> {
  const asked = await one<AdjustmentRow>(ctx.db, `SELECT ${COLUMNS} FROM ledger_adjustments WHERE id = $1`, [
    id,
  ]);
  if (!asked) failField('not_found', 'id');
  // Read before the transaction: on PGlite a query outside it would wait for it to end.
  const user = await getUser(ctx, asked.user_id);
  const result = await ctx.db.tx(async (q) => {
    const row = await one<AdjustmentRow>(
      q,
      `SELECT ${COLUMNS} FROM ledger_adjustments WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!row) failField('not_found', 'id');
    if (row.status !== 'pending') fail('already_decided');
    if (row.requested_by === req.operator?.id) fail('second_operator_required');
    let journalId: string | null = null;
    if (approve) {
      const amount = parseUnits(row.amount);
      const account = userAccount(row.user_id, row.account);
      const outside = externalAccount('manual');
      journalId = await post(q, {
        realm: realmOfKind(user?.kind ?? 'real'),
        kind: 'admin.adjust',
        reference: `adjustment:${row.id}`,
        legs:
          amount > 0n
            ? move(outside, account, row.asset, amount)
            : move(account, outside, row.asset, -amount),
      });
      // The user learns of it from their inbox, written with the movement so one never exists without the other.
      await notify(q, row.user_id, {
        kind: 'ledger.adjusted',
        params: {
          asset: row.asset,
          amount: amount > 0n ? `+${canonicalDecimal(row.amount)}` : canonicalDecimal(row.amount),
          account: row.account,
        },
        link: `/pages/assets/zhanghuDetail?account=${row.account}&asset=${encodeURIComponent(row.asset)}`,
      });
    }
    const [decided] = await q.query<AdjustmentRow>(
      `UPDATE ledger_adjustments SET status = $2, decided_by = $3, decided_at = now(), journal_id = $4
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, approve ? 'approved' : 'rejected', req.operator?.id, journalId],
    );
    await auditOnUser(
      q,
      req,
      approve ? 'ledger.adjustment.approve' : 'ledger.adjustment.reject',
      row.user_id,
      {
        id,
        journalId,
      },
    );
    return toAdjustment(decided as AdjustmentRow);
  });
  if (approve) {
    await announceBalances(ctx, realmOfKind(user?.kind ?? 'real'), [asked.user_id]);
    await announceNotices(ctx, [asked.user_id]);
  }
  return result;
}

export async function listAdjustments(
  ctx: AppContext,
  filter: PageRequest & { status?: string | undefined },
) {
  const { rows, total } = await paged<AdjustmentRow>(
    ctx.db,
    {
      select: COLUMNS,
      from: `ledger_adjustments ${filter.status ? 'WHERE status = $1' : ''}`,
      orderBy: 'ledger_adjustments.id DESC',
    },
    filter.status ? [filter.status] : [],
    filter,
  );
  return { items: rows.map(toAdjustment), total };
}
