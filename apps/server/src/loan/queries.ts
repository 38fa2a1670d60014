import type { Realm } from '@otc/protocol/ledger/schemas';
import type { LoanCertificationFields } from '@otc/protocol/loan/schemas';
import type { Queryable } from '../db/db.ts';
import { LOAN_COLUMNS, type LoanRow, PRODUCT_COLUMNS, type ProductRow } from './rows.ts';

/** The SQL of loans: products, loans, approvals and certifications (the area's tables). */

export const products = (q: Queryable, open?: boolean) =>
  q.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM loan_products p
     WHERE ($1::boolean IS NULL OR (p.status = 'open') = $1) ORDER BY p.sort, p.id`,
    [open ?? null],
  );

export async function product(q: Queryable, id: string): Promise<ProductRow | undefined> {
  const [row] = await q.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM loan_products p WHERE p.id = $1`, [
    id,
  ]);
  return row;
}

export const LOAN_FROM = 'loans l JOIN loan_products p ON p.id = l.product_id';

/** One loan; with `userId`, only that user's (another's reads as none); `lock` for the caller's transaction to change it. */
export async function loan(
  q: Queryable,
  id: string,
  opts: { userId?: string; lock?: boolean } = {},
): Promise<LoanRow | undefined> {
  const [row] = await q.query<LoanRow>(
    `SELECT ${LOAN_COLUMNS} FROM ${LOAN_FROM} WHERE l.id = $1 AND ($2::bigint IS NULL OR l.user_id = $2)
     ${opts.lock ? 'FOR UPDATE OF l' : ''}`,
    [id, opts.userId ?? null],
  );
  return row;
}

export async function loanByApplyKey(
  q: Queryable,
  key: string,
): Promise<{ id: string; hash: string } | undefined> {
  const [row] = await q.query<{ id: string; hash: string }>(
    'SELECT id::text AS id, apply_hash AS hash FROM loans WHERE apply_key = $1',
    [key],
  );
  return row;
}

/** Principal of the user's open loans and pending applications, and counts (the limit's use). */
export async function openOf(q: Queryable, userId: string) {
  const [row] = await q.query<{
    open: string;
    active: string;
    pending: number;
    active_n: number;
    debt: string;
  }>(
    `SELECT coalesce(sum(amount) FILTER (WHERE status IN ('pending', 'active')), 0)::text AS open,
            coalesce(sum(amount) FILTER (WHERE status = 'active'), 0)::text AS active,
            (count(*) FILTER (WHERE status = 'pending'))::int AS pending,
            (count(*) FILTER (WHERE status = 'active'))::int AS active_n,
            coalesce(sum(debt), 0)::text AS debt
     FROM loans WHERE user_id = $1`,
    [userId],
  );
  return row as NonNullable<typeof row>;
}

export async function userLoans(q: Queryable, userId: string, status: 'active' | 'all'): Promise<LoanRow[]> {
  return q.query<LoanRow>(
    `SELECT ${LOAN_COLUMNS} FROM ${LOAN_FROM} WHERE l.user_id = $1 AND ($2 = 'all' OR l.status = 'active')
     ORDER BY l.id DESC`,
    [userId, status],
  );
}

export interface NewLoan {
  userId: string;
  realm: Realm;
  productId: string;
  asset: string;
  amount: string;
  termDays: number;
  dailyRate: string;
  interest: string;
  initialLtv: string;
  marginCallLtv: string;
  liquidationLtv: string;
  collateralAsset: string;
  collateralAmount: string;
  approvalsNeeded: number;
  appliedAt: string;
  applyKey: string;
  applyHash: string;
}

export async function insertLoan(q: Queryable, l: NewLoan): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO loans (user_id, realm, product_id, asset, amount, term_days, daily_rate, interest, initial_ltv,
       margin_call_ltv, liquidation_ltv, collateral_asset, collateral_amount, approvals_needed, applied_at,
       apply_key, apply_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::timestamptz, $16, $17)
     RETURNING id::text AS id`,
    [
      l.userId,
      l.realm,
      l.productId,
      l.asset,
      l.amount,
      l.termDays,
      l.dailyRate,
      l.interest,
      l.initialLtv,
      l.marginCallLtv,
      l.liquidationLtv,
      l.collateralAsset,
      l.collateralAmount,
      l.approvalsNeeded,
      l.appliedAt,
      l.applyKey,
      l.applyHash,
    ],
  );
  return (row as { id: string }).id;
}

export async function activate(
  q: Queryable,
  id: string,
  a: { collateral: string; approvedAt: string; dueAt: string; journalId: string },
): Promise<void> {
  await q.query(
    `UPDATE loans SET status = 'active', collateral_amount = $2, approved_at = $3::timestamptz, due_at = $4::timestamptz,
       disburse_journal_id = $5 WHERE id = $1`,
    [id, a.collateral, a.approvedAt, a.dueAt, a.journalId],
  );
}

export async function reject(q: Queryable, id: string, reason: string, at: string): Promise<void> {
  await q.query(
    `UPDATE loans SET status = 'rejected', reason = $2, closed_at = $3::timestamptz WHERE id = $1`,
    [id, reason, at],
  );
}

export async function repaid(q: Queryable, id: string, repayment: unknown, at: string, journalId: string) {
  await q.query(
    `UPDATE loans SET status = 'repaid', repayment = $2::jsonb, closed_at = $3::timestamptz, close_journal_id = $4
     WHERE id = $1`,
    [id, JSON.stringify(repayment), at, journalId],
  );
}

export async function debtPaid(q: Queryable, id: string, journalId: string) {
  await q.query('UPDATE loans SET debt = 0, debt_journal_id = $2 WHERE id = $1', [id, journalId]);
}

export async function liquidated(
  q: Queryable,
  id: string,
  l: { liquidation: unknown; debt: string; at: string; journalId: string },
) {
  await q.query(
    `UPDATE loans SET status = 'liquidated', liquidation = $2::jsonb, debt = $3, closed_at = $4::timestamptz,
       close_journal_id = $5 WHERE id = $1`,
    [id, JSON.stringify(l.liquidation), l.debt, l.at, l.journalId],
  );
}

export async function addCollateral(q: Queryable, id: string, amount: string): Promise<void> {
  await q.query('UPDATE loans SET collateral_amount = collateral_amount + $2 WHERE id = $1', [id, amount]);
}

export async function setMarginCalled(q: Queryable, id: string, at: string | null): Promise<void> {
  await q.query('UPDATE loans SET margin_called_at = $2::timestamptz WHERE id = $1', [id, at]);
}

export async function setOverdueNoticed(q: Queryable, id: string, at: string): Promise<void> {
  await q.query('UPDATE loans SET overdue_noticed_at = $2::timestamptz WHERE id = $1', [id, at]);
}

/** The active loans' ids in id order: the watch looks at each. */
export const activeLoans = (q: Queryable) =>
  q.query<LoanRow>(`SELECT ${LOAN_COLUMNS} FROM ${LOAN_FROM} WHERE l.status = 'active' ORDER BY l.id`);

export async function approvers(q: Queryable, loanId: string): Promise<{ id: string; email: string }[]> {
  return q.query<{ id: string; email: string }>(
    `SELECT a.operator_id::text AS id, o.email FROM loan_approvals a JOIN operator_directory o ON o.id = a.operator_id
     WHERE a.loan_id = $1 ORDER BY a.at`,
    [loanId],
  );
}

export async function insertApproval(q: Queryable, loanId: string, operatorId: string, at: string) {
  await q.query('INSERT INTO loan_approvals (loan_id, operator_id, at) VALUES ($1, $2, $3::timestamptz)', [
    loanId,
    operatorId,
    at,
  ]);
}

/** The user's available balance of an asset in an account (funding), as the ledger holds it. */
export async function available(
  q: Queryable,
  realm: Realm,
  userId: string,
  asset: string,
  kind = 'funding',
): Promise<string> {
  const [row] = await q.query<{ available: string }>(
    `SELECT available::text AS available FROM account_balances
     WHERE realm = $1 AND owner_type = 'user' AND owner = $2 AND kind = $3 AND asset = $4`,
    [realm, userId, kind, asset],
  );
  return row?.available ?? '0';
}

export async function certification(
  q: Queryable,
  userId: string,
): Promise<{ fields: LoanCertificationFields; submitted_at: Date | string } | undefined> {
  const [row] = await q.query<{ fields: LoanCertificationFields; submitted_at: Date | string }>(
    'SELECT fields, submitted_at FROM loan_certifications WHERE user_id = $1',
    [userId],
  );
  return row;
}

export async function saveCertification(
  q: Queryable,
  userId: string,
  fields: LoanCertificationFields,
  at: string,
): Promise<void> {
  await q.query(
    `INSERT INTO loan_certifications (user_id, fields, submitted_at) VALUES ($1, $2::jsonb, $3::timestamptz)
     ON CONFLICT (user_id) DO UPDATE SET fields = EXCLUDED.fields, submitted_at = EXCLUDED.submitted_at`,
    [userId, JSON.stringify(fields), at],
  );
}

/** Who the user is to an operator: their email, phone or wallet. */
export async function accountOf(q: Queryable, userId: string): Promise<string | null> {
  const [row] = await q.query<{ account: string | null }>(
    'SELECT coalesce(email, phone, wallet_address) AS account FROM user_directory WHERE id = $1',
    [userId],
  );
  return row?.account ?? null;
}
