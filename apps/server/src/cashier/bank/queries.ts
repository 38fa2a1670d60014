import type { BankDepositStatus } from '@otc/core';
import type { BankAccount, BankAccountFields } from '@otc/protocol/cashier/bank/schemas';
import type { Queryable } from '../../db/db.ts';

/** The SQL of bank deposits: `bank_deposit_account` (one row) and `bank_deposits`. */

export async function readBankAccount(q: Queryable): Promise<BankAccount | null> {
  const [row] = await q.query<BankAccount>(
    `SELECT bank_name AS "bankName", account_name AS "accountName", account_number AS "accountNumber",
       swift, iban, instructions FROM bank_deposit_account`,
  );
  return row ?? null;
}

/** The account with its sample mark: a sample is the embedded default's, for trying deposits only. */
export async function readBankAccountState(
  q: Queryable,
): Promise<{ account: BankAccount | null; sample: boolean }> {
  const [row] = await q.query<{ sample: boolean }>('SELECT sample FROM bank_deposit_account');
  return { account: await readBankAccount(q), sample: row?.sample ?? false };
}

/** Seeds `account` marked as a sample, unless an account (sample or the operator's) is already set. */
export async function insertSampleBankAccount(q: Queryable, account: BankAccountFields): Promise<void> {
  await q.query(
    `INSERT INTO bank_deposit_account (id, bank_name, account_name, account_number, swift, iban, instructions, sample)
     VALUES (true, $1, $2, $3, $4, $5, $6, true) ON CONFLICT (id) DO NOTHING`,
    [
      account.bankName,
      account.accountName,
      account.accountNumber,
      account.swift,
      account.iban,
      account.instructions,
    ],
  );
}

/** An operator's account: it replaces the sample, if that was set, and so is never one. */
export async function saveBankAccount(
  q: Queryable,
  fields: BankAccountFields,
  operatorId: string,
  at: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO bank_deposit_account (id, bank_name, account_name, account_number, swift, iban, instructions, updated_at, updated_by)
     VALUES (true, $1, $2, $3, $4, $5, $6, $7::timestamptz, $8)
     ON CONFLICT (id) DO UPDATE SET bank_name = $1, account_name = $2, account_number = $3, swift = $4,
       iban = $5, instructions = $6, updated_at = $7::timestamptz, updated_by = $8, sample = false`,
    [
      fields.bankName,
      fields.accountName,
      fields.accountNumber,
      fields.swift,
      fields.iban,
      fields.instructions,
      at.toISOString(),
      operatorId,
    ],
  );
}

export interface BankDepositRecord {
  id: string;
  userId: string;
  asset: string;
  amount: string;
  reference: string;
  proof: string;
  paidTo: BankAccount | null;
  status: BankDepositStatus;
  reason: string | null;
  submittedAt: Date;
  decidedAt: Date | null;
}

const COLUMNS = `d.id::text AS id, d.user_id::text AS "userId", d.asset, d.amount::text AS amount, d.reference,
  d.proof_upload_id::text AS proof, d.paid_to AS "paidTo", d.status, d.reason,
  d.submitted_at AS "submittedAt", d.decided_at AS "decidedAt"`;

/** Postgres hands jsonb back parsed; a driver that does not gets it parsed here. */
const parsed = <T extends { paidTo: unknown }>(row: T): T => ({
  ...row,
  paidTo: typeof row.paidTo === 'string' ? JSON.parse(row.paidTo) : row.paidTo,
});

/** Stores a pending deposit; nothing (undefined) when its proof already backs a deposit not rejected. */
export async function insertBankDeposit(
  q: Queryable,
  d: {
    userId: string;
    asset: string;
    amount: string;
    reference: string;
    proof: string;
    paidTo: BankAccount;
    at: Date;
  },
): Promise<string | undefined> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO bank_deposits (user_id, asset, amount, reference, proof_upload_id, paid_to, submitted_at)
     VALUES ($1, $2, $3::numeric, $4, $5::uuid, $6::jsonb, $7::timestamptz)
     ON CONFLICT (proof_upload_id) WHERE status <> 'rejected' DO NOTHING RETURNING id::text AS id`,
    [d.userId, d.asset, d.amount, d.reference, d.proof, JSON.stringify(d.paidTo), d.at.toISOString()],
  );
  return row?.id;
}

/** A user's bank deposits, latest first. */
export async function userBankDeposits(
  q: Queryable,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ items: BankDepositRecord[]; total: number }> {
  const rows = await q.query<BankDepositRecord>(
    `SELECT ${COLUMNS} FROM bank_deposits d WHERE d.user_id = $1 ORDER BY d.id DESC LIMIT $2 OFFSET $3`,
    [userId, page.limit, page.offset],
  );
  const [count] = await q.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM bank_deposits WHERE user_id = $1',
    [userId],
  );
  return { items: rows.map(parsed), total: Number(count?.n ?? 0) };
}

/** A deposit locked for its decision. */
export async function lockBankDeposit(q: Queryable, id: string): Promise<BankDepositRecord | undefined> {
  const [row] = await q.query<BankDepositRecord>(
    `SELECT ${COLUMNS} FROM bank_deposits d WHERE d.id = $1 FOR UPDATE`,
    [id],
  );
  return row && parsed(row);
}

export async function decideBankDeposit(
  q: Queryable,
  id: string,
  decision: {
    status: 'approved' | 'rejected';
    reason: string | null;
    journalId: string | null;
    operatorId: string;
    at: Date;
  },
): Promise<void> {
  await q.query(
    `UPDATE bank_deposits SET status = $2, reason = $3, journal_id = $4, decided_by = $5, decided_at = $6::timestamptz
     WHERE id = $1 AND status = 'pending'`,
    [
      id,
      decision.status,
      decision.reason,
      decision.journalId,
      decision.operatorId,
      decision.at.toISOString(),
    ],
  );
}

export interface BankReviewRecord extends BankDepositRecord {
  account: string | null;
  decidedBy: string | null;
}

const REVIEW_COLUMNS = `${COLUMNS}, COALESCE(u.email, u.phone, u.wallet_address) AS account, o.email AS "decidedBy"`;
const REVIEW_FROM = `bank_deposits d JOIN user_directory u ON u.id = d.user_id LEFT JOIN operator_directory o ON o.id = d.decided_by`;

/** The back office's queue: pending ones first, oldest first; then the decided, latest first. */
export async function listBankReview(
  q: Queryable,
  filter: { status: BankDepositStatus | undefined; limit: number; offset: number },
): Promise<{ items: BankReviewRecord[]; total: number }> {
  const where = filter.status ? 'WHERE d.status = $1' : 'WHERE $1::text IS NULL';
  const rows = await q.query<BankReviewRecord>(
    `SELECT ${REVIEW_COLUMNS} FROM ${REVIEW_FROM} ${where}
     ORDER BY d.status = 'pending' DESC, CASE WHEN d.status = 'pending' THEN d.id ELSE -d.id END
     LIMIT $2 OFFSET $3`,
    [filter.status ?? null, filter.limit, filter.offset],
  );
  const [count] = await q.query<{ n: string }>(`SELECT count(*)::text AS n FROM bank_deposits d ${where}`, [
    filter.status ?? null,
  ]);
  return { items: rows.map(parsed), total: Number(count?.n ?? 0) };
}

export async function reviewBankDeposit(q: Queryable, id: string): Promise<BankReviewRecord | undefined> {
  const [row] = await q.query<BankReviewRecord>(
    `SELECT ${REVIEW_COLUMNS} FROM ${REVIEW_FROM} WHERE d.id = $1`,
    [id],
  );
  return row && parsed(row);
}

export async function bankDepositById(q: Queryable, id: string): Promise<BankDepositRecord | undefined> {
  const [row] = await q.query<BankDepositRecord>(`SELECT ${COLUMNS} FROM bank_deposits d WHERE d.id = $1`, [
    id,
  ]);
  return row && parsed(row);
}
