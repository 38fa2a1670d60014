import type {
  WithdrawalFailureKind,
  WithdrawalStatusName as WithdrawalStatus,
} from '@otc/protocol/cashier/withdrawal/rules';
import type { Queryable } from '../../db/db.ts';

/** The SQL of withdrawals: `withdrawals` and the operators' `withdrawal_decisions`. */

export interface WithdrawalRow {
  id: string;
  userId: string;
  asset: string;
  chainId: number;
  address: string;
  amount: string;
  fee: string;
  status: WithdrawalStatus;
  approvalsNeeded: number;
  approvals: number;
  reason: string | null;
  failureKind: WithdrawalFailureKind | null;
  failureDetail: string | null;
  nonce: string | null;
  txHash: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = `w.id::text AS id, w.user_id::text AS "userId", w.asset, w.chain_id AS "chainId", w.address,
  w.amount::text AS amount, w.fee::text AS fee, w.status, w.approvals_needed AS "approvalsNeeded",
  (SELECT count(*)::int FROM withdrawal_decisions d WHERE d.withdrawal_id = w.id AND d.decision = 'approve') AS approvals,
  w.reason, w.failure_kind AS "failureKind", w.failure_detail AS "failureDetail", w.nonce::text AS nonce, w.tx_hash AS "txHash", w.created_at AS "createdAt", w.updated_at AS "updatedAt"`;

export async function insertWithdrawal(
  q: Queryable,
  w: {
    userId: string;
    asset: string;
    chainId: number;
    address: string;
    amount: string;
    fee: string;
    status: WithdrawalStatus;
    approvalsNeeded: number;
    at: Date;
  },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO withdrawals (user_id, asset, chain_id, address, amount, fee, status, approvals_needed, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::numeric, $6::numeric, $7, $8, $9::timestamptz, $9::timestamptz) RETURNING id::text AS id`,
    [
      w.userId,
      w.asset,
      w.chainId,
      w.address,
      w.amount,
      w.fee,
      w.status,
      w.approvalsNeeded,
      w.at.toISOString(),
    ],
  );
  return (row as { id: string }).id;
}

export async function findWithdrawal(q: Queryable, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await q.query<WithdrawalRow>(`SELECT ${COLUMNS} FROM withdrawals w WHERE w.id = $1`, [id]);
  return row;
}

/** A withdrawal locked for a change of status. */
export async function lockWithdrawal(q: Queryable, id: string): Promise<WithdrawalRow | undefined> {
  await q.query('SELECT id FROM withdrawals WHERE id = $1 FOR UPDATE', [id]);
  return findWithdrawal(q, id);
}

/** Moves a withdrawal on from `from` only: whether it did (so each step happens once). */
export async function moveWithdrawal(
  q: Queryable,
  id: string,
  from: WithdrawalStatus,
  to: WithdrawalStatus,
  at: Date,
  set: {
    reason?: string;
    nonce?: bigint;
    txHash?: string;
    failure?: { kind: WithdrawalFailureKind; detail: string };
  } = {},
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE withdrawals SET status = $3, updated_at = $4::timestamptz,
       reason = COALESCE($5, reason), nonce = COALESCE($6::bigint, nonce), tx_hash = COALESCE($7, tx_hash),
       failure_kind = COALESCE($8, failure_kind), failure_detail = COALESCE($9, failure_detail)
     WHERE id = $1 AND status = $2 RETURNING id`,
    [
      id,
      from,
      to,
      at.toISOString(),
      set.reason ?? null,
      set.nonce?.toString() ?? null,
      set.txHash ?? null,
      set.failure?.kind ?? null,
      set.failure?.detail.slice(0, 500) ?? null,
    ],
  );
  return rows.length > 0;
}

export async function userWithdrawals(
  q: Queryable,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ items: WithdrawalRow[]; total: number }> {
  const items = await q.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM withdrawals w WHERE w.user_id = $1 ORDER BY w.id DESC LIMIT $2 OFFSET $3`,
    [userId, page.limit, page.offset],
  );
  const [count] = await q.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM withdrawals WHERE user_id = $1',
    [userId],
  );
  return { items, total: Number(count?.n ?? 0) };
}

export interface DecisionRow {
  operatorId: string;
  operator: string;
  decision: 'approve' | 'reject';
  at: Date;
}

export async function decisionsOf(q: Queryable, id: string): Promise<DecisionRow[]> {
  return q.query<DecisionRow>(
    `SELECT d.operator_id::text AS "operatorId", o.email AS operator, d.decision, d.at
     FROM withdrawal_decisions d JOIN operator_directory o ON o.id = d.operator_id
     WHERE d.withdrawal_id = $1 ORDER BY d.at, d.operator_id`,
    [id],
  );
}

export async function insertDecision(
  q: Queryable,
  d: { withdrawalId: string; operatorId: string; decision: 'approve' | 'reject'; at: Date },
): Promise<void> {
  await q.query(
    'INSERT INTO withdrawal_decisions (withdrawal_id, operator_id, decision, at) VALUES ($1, $2, $3, $4::timestamptz)',
    [d.withdrawalId, d.operatorId, d.decision, d.at.toISOString()],
  );
}

export interface AdminWithdrawalRow extends WithdrawalRow {
  account: string | null;
}

/** The back office's list: those waiting for an operator or for funds first, oldest first; then the rest, latest first. */
export async function listWithdrawals(
  q: Queryable,
  filter: { status: WithdrawalStatus | undefined; limit: number; offset: number },
): Promise<{ items: AdminWithdrawalRow[]; total: number }> {
  const where = filter.status ? 'WHERE w.status = $1' : 'WHERE $1::text IS NULL';
  const items = await q.query<AdminWithdrawalRow>(
    `SELECT ${COLUMNS}, COALESCE(u.email, u.phone, u.wallet_address) AS account
     FROM withdrawals w JOIN user_directory u ON u.id = w.user_id ${where}
     ORDER BY w.status IN ('reviewing', 'waiting_funds') DESC,
       CASE WHEN w.status IN ('reviewing', 'waiting_funds') THEN w.id ELSE -w.id END
     LIMIT $2 OFFSET $3`,
    [filter.status ?? null, filter.limit, filter.offset],
  );
  const [count] = await q.query<{ n: string }>(`SELECT count(*)::text AS n FROM withdrawals w ${where}`, [
    filter.status ?? null,
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export async function accountOf(q: Queryable, userId: string): Promise<string | null> {
  const [row] = await q.query<{ account: string | null }>(
    'SELECT COALESCE(email, phone, wallet_address) AS account FROM user_directory WHERE id = $1',
    [userId],
  );
  return row?.account ?? null;
}

/** The user's available balance of `asset` in the funding account (live books). */
export async function fundingAvailable(q: Queryable, userId: string, asset: string): Promise<string> {
  const [row] = await q.query<{ available: string }>(
    `SELECT available::text AS available FROM account_balances
     WHERE realm = 'live' AND owner_type = 'user' AND owner = $1 AND kind = 'funding' AND asset = $2`,
    [userId, asset],
  );
  return row?.available ?? '0';
}

/** Approved withdrawals (and those waiting for funds) of a chain, oldest first: what the sender sends next. */
export async function toSend(q: Queryable, chainId: number, limit: number): Promise<WithdrawalRow[]> {
  return q.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM withdrawals w WHERE w.chain_id = $1 AND w.status IN ('approved', 'waiting_funds')
     ORDER BY w.id LIMIT $2`,
    [chainId, limit],
  );
}

/** Sent withdrawals of a chain waiting for their confirmations. */
export async function inFlight(q: Queryable, chainId: number): Promise<WithdrawalRow[]> {
  return q.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM withdrawals w WHERE w.chain_id = $1 AND w.status = 'sent' ORDER BY w.nonce`,
    [chainId],
  );
}

/** The hot wallet's next nonce on a chain, locked until the transaction ends (the one sender's lock). */
export async function lockNextNonce(q: Queryable, chainId: number, address: string): Promise<bigint> {
  await q.query(
    'INSERT INTO hot_wallet_nonces (chain_id, address, next_nonce) VALUES ($1, $2, 0) ON CONFLICT (chain_id) DO NOTHING',
    [chainId, address],
  );
  const [row] = await q.query<{ next: string; address: string }>(
    'SELECT next_nonce::text AS next, address FROM hot_wallet_nonces WHERE chain_id = $1 FOR UPDATE',
    [chainId],
  );
  // Another hot wallet (a changed key) starts from what the node says.
  return row && row.address.toLowerCase() === address.toLowerCase() ? BigInt(row.next) : 0n;
}

export async function saveNextNonce(
  q: Queryable,
  chainId: number,
  address: string,
  next: bigint,
): Promise<void> {
  await q.query('UPDATE hot_wallet_nonces SET next_nonce = $2, address = $3 WHERE chain_id = $1', [
    chainId,
    next.toString(),
    address,
  ]);
}

/** A sent withdrawal's signed transaction: set when it is signed, before it is broadcast. */
export async function markSigned(
  q: Queryable,
  id: string,
  from: 'approved' | 'waiting_funds',
  sent: { nonce: bigint; txHash: string; rawTx: string; at: Date },
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE withdrawals SET status = 'sent', nonce = $3, tx_hash = $4, raw_tx = $5, updated_at = $6::timestamptz
     WHERE id = $1 AND status = $2 RETURNING id`,
    [id, from, sent.nonce.toString(), sent.txHash, sent.rawTx, sent.at.toISOString()],
  );
  return rows.length > 0;
}

export async function rawTxOf(q: Queryable, id: string): Promise<string | null> {
  const [row] = await q.query<{ raw: string | null }>('SELECT raw_tx AS raw FROM withdrawals WHERE id = $1', [
    id,
  ]);
  return row?.raw ?? null;
}
