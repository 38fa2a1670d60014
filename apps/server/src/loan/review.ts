import { formatUnits, mulUnits, parseUnits, type Units } from '@otc/core';
import type { AdminLoan, AdminLoanDecideBody, AdminLoanDetail, LoanStatus } from '@otc/protocol/loan/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { fail, failField } from '../http/errors.ts';
import { verificationLevel } from '../kyc/index.ts';
import { indexPrices } from '../market/index.ts';
import { notify } from '../notifications/index.ts';
import { auditOnUser } from '../platform/audit.ts';
import { announceLoan, LOANS_LINK } from './announce.ts';
import { disburse } from './money.ts';
import * as queries from './queries.ts';
import { LOAN_COLUMNS, type LoanRow, toLoan } from './rows.ts';
import { dueText } from './texts.ts';

type Prices = Map<string, { price: Units }>;

async function adminLoan(q: Queryable, row: LoanRow, nowMs: number, prices: Prices): Promise<AdminLoan> {
  const [account, approvers] = await Promise.all([
    queries.accountOf(q, row.user_id),
    queries.approvers(q, row.id),
  ]);
  return {
    ...toLoan(row, nowMs, prices.get(row.collateral_asset)?.price),
    userId: row.user_id,
    account,
    realm: row.realm,
    approvalsNeeded: Number(row.approvals_needed),
    approvals: approvers.length,
    approvedBy: approvers.map((a) => a.email),
  };
}

/** Loans by status, pending first (oldest first among them, for review), then newest. */
export async function list(
  ctx: AppContext,
  query: { status?: LoanStatus | undefined; page: number; pageSize: number },
): Promise<{ items: AdminLoan[]; total: number }> {
  const q = ctx.db;
  const where = `${queries.LOAN_FROM} WHERE ($1::text IS NULL OR l.status = $1)`;
  const [count] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${where}`, [
    query.status ?? null,
  ]);
  const rows = await q.query<LoanRow>(
    `SELECT ${LOAN_COLUMNS} FROM ${where}
     ORDER BY (l.status = 'pending') DESC, CASE WHEN l.status = 'pending' THEN l.id ELSE -l.id END
     LIMIT $2 OFFSET $3`,
    [query.status ?? null, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const prices = await indexPrices(q);
  const now = ctx.clock.now();
  return {
    items: await Promise.all(rows.map((r) => adminLoan(q, r, now, prices))),
    total: Number(count?.n ?? 0),
  };
}

/** One loan with the certification on file and the user's verification, for review side by side. */
export async function detail(ctx: AppContext, id: string): Promise<AdminLoanDetail> {
  const row = await queries.loan(ctx.db, id);
  if (!row) failField('loan_unknown', 'id');
  const [cert, level, prices] = await Promise.all([
    queries.certification(ctx.db, row.user_id),
    verificationLevel(ctx.db, row.user_id),
    indexPrices(ctx.db),
  ]);
  return {
    ...(await adminLoan(ctx.db, row, ctx.clock.now(), prices)),
    certification: cert ? { ...cert.fields, submittedAt: new Date(cert.submitted_at).toISOString() } : null,
    kycAdvanced: level === 'advanced',
  };
}

function operatorOf(req: FastifyRequest): string {
  const id = req.operator?.id;
  if (!id) fail('unauthorized');
  return id;
}

/**
 * Approves or rejects a pending application, audited in the same transaction. An approval counts
 * once per operator (the same one twice: `loan_second_approver`); with the approvals the principal
 * needs (two above LOAN_SECOND_APPROVAL_ABOVE) the collateral is frozen at this moment's index price
 * and the principal credited. The user no longer holding the collateral: `loan_collateral_short`,
 * nothing recorded, still pending. A rejection needs a reason.
 */
export async function decide(
  ctx: AppContext,
  req: FastifyRequest,
  body: AdminLoanDecideBody,
): Promise<AdminLoan> {
  const operatorId = operatorOf(req);
  if (body.decision === 'reject' && !body.reason) failField('field_required', 'reason');
  const now = ctx.clock.now();
  const at = new Date(now).toISOString();
  const outcome = await ctx.db.tx(async (q) => {
    const row = await queries.loan(q, body.id, { lock: true });
    if (!row) failField('loan_unknown', 'id');
    if (row.status !== 'pending') fail('loan_not_pending');
    const detail = { loan: row.id, amount: row.amount, asset: row.asset, user: row.user_id };
    if (body.decision === 'reject') {
      const reason = body.reason as string;
      await queries.reject(q, row.id, reason, at);
      await auditOnUser(q, req, 'loan.reject', row.user_id, { ...detail, reason });
      await notify(q, row.user_id, {
        kind: 'loan.rejected',
        params: { amount: formatUnits(parseUnits(row.amount)), asset: row.asset, reason },
        link: LOANS_LINK,
      });
      return { row, noticed: true };
    }
    const approvers = await queries.approvers(q, row.id);
    if (approvers.some((a) => a.id === operatorId)) fail('loan_second_approver');
    await queries.insertApproval(q, row.id, operatorId, at);
    const enough = approvers.length + 1 >= Number(row.approvals_needed);
    await auditOnUser(q, req, 'loan.approve', row.user_id, {
      ...detail,
      approval: approvers.length + 1,
      of: Number(row.approvals_needed),
    });
    if (!enough) return { row, noticed: false };
    const price = (await indexPrices(q)).get(row.collateral_asset)?.price;
    if (price === undefined) fail('loan_collateral_asset');
    await disburse(q, row, price, now);
    const active = (await queries.loan(q, row.id)) as LoanRow;
    await notify(q, row.user_id, {
      kind: 'loan.approved',
      params: {
        amount: formatUnits(parseUnits(row.amount)),
        asset: row.asset,
        collateral: formatUnits(parseUnits(active.collateral_amount)),
        collateralAsset: row.collateral_asset,
        dueAt: dueText(new Date(active.due_at as Date | string).getTime()),
      },
      link: LOANS_LINK,
    });
    return { row, noticed: true };
  });
  const after = (await queries.loan(ctx.db, body.id)) as LoanRow;
  const prices = await indexPrices(ctx.db);
  if (outcome.noticed)
    await announceLoan(
      ctx,
      after.user_id,
      after.realm,
      toLoan(after, ctx.clock.now(), prices.get(after.collateral_asset)?.price),
      true,
    );
  return adminLoan(ctx.db, after, ctx.clock.now(), prices);
}

/** The live loan book: active live loans by LTV, riskiest first, with the principal and the collateral's value. */
export async function book(ctx: AppContext) {
  const q = ctx.db;
  const rows = (await queries.activeLoans(q)).filter((r) => r.realm === 'live');
  const prices = await indexPrices(q);
  const now = ctx.clock.now();
  const items = await Promise.all(rows.map((r) => adminLoan(q, r, now, prices)));
  const ltv = (l: AdminLoan) => (l.ltv === null ? -1n : parseUnits(l.ltv));
  items.sort((a, b) => (ltv(b) > ltv(a) ? 1 : ltv(b) < ltv(a) ? -1 : 0));
  let principal = 0n;
  let value = 0n;
  for (const r of rows) {
    principal += parseUnits(r.amount);
    const price = prices.get(r.collateral_asset)?.price;
    if (price !== undefined) value += mulUnits(parseUnits(r.collateral_amount), price);
  }
  return { items, outstandingPrincipal: formatUnits(principal), collateralValue: formatUnits(value) };
}
