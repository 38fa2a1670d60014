import type { Queryable } from '../../db/db.ts';

/** The SQL of sweeps (migration 025). Amounts cross as decimal strings, wei and ids as text. */

export type SweepStatus = 'pending' | 'gas_sent' | 'swept' | 'skipped';
export type SkipReason = 'dust' | 'gas_price' | 'gas_underfunded' | 'rpc' | 'reverted';

export interface SweepRow {
  id: string;
  chainId: number;
  address: string;
  userId: string;
  status: SweepStatus;
  reason: SkipReason | null;
  detail: string | null;
  amount: string | null;
  coversDepositId: string;
  gasTxHash: string | null;
  gasWei: string | null;
  sweepTxHash: string | null;
  sweepNonce: string | null;
  /** The signed transfer, stored before its broadcast (migration 058): what a later pass sends again. */
  sweepRawTx: string | null;
  gasNonce: string | null;
  /** The signed top-up, stored before its broadcast. */
  gasRawTx: string | null;
  feeWei: string;
  createdAt: Date;
  updatedAt: Date;
  sweptAt: Date | null;
}

export const SWEEP_COLUMNS = `id::text AS id, chain_id AS "chainId", address, user_id::text AS "userId", status,
  reason, detail, amount::text AS amount, covers_deposit_id::text AS "coversDepositId",
  gas_tx_hash AS "gasTxHash", gas_wei::text AS "gasWei", sweep_tx_hash AS "sweepTxHash",
  sweep_nonce::text AS "sweepNonce", sweep_raw_tx AS "sweepRawTx", gas_nonce::text AS "gasNonce",
  gas_raw_tx AS "gasRawTx", fee_wei::text AS "feeWei", created_at AS "createdAt",
  updated_at AS "updatedAt", swept_at AS "sweptAt"`;

/** An address to look at this pass: its open sweep if any, and its newest credited deposit. */
export interface SweepCandidate {
  address: string;
  userId: string;
  newestCredited: string;
  open: SweepRow | null;
}

/**
 * The addresses a pass looks at on a chain: those with an open sweep (but a reverted one, which
 * is not sent again, burning gas, until a new deposit is credited there), and those with a credited deposit newer
 * than every sweep that moved their tokens. Oldest first, at most `limit`.
 */
export async function candidates(q: Queryable, chainId: number, limit: number): Promise<SweepCandidate[]> {
  const rows = await q.query<{
    address: string;
    userId: string;
    newestCredited: string;
    openId: string | null;
  }>(
    `WITH credited AS (
       SELECT address, max(user_id)::text AS "userId", max(id) AS newest
         FROM deposits WHERE chain_id = $1 AND status = 'credited' GROUP BY address
     ), covered AS (
       SELECT address, max(covers_deposit_id) AS upto
         FROM deposit_sweeps WHERE chain_id = $1 AND status = 'swept' GROUP BY address
     )
     SELECT c.address, c."userId", c.newest::text AS "newestCredited", o.id::text AS "openId"
       FROM credited c
       LEFT JOIN covered v ON v.address = c.address
       LEFT JOIN deposit_sweeps o ON o.chain_id = $1 AND o.address = c.address AND o.status <> 'swept'
      WHERE (o.id IS NOT NULL AND (o.reason IS DISTINCT FROM 'reverted' OR c.newest > o.covers_deposit_id))
         OR (o.id IS NULL AND c.newest > COALESCE(v.upto, 0))
      ORDER BY COALESCE(o.id, 0), c.newest
      LIMIT $2`,
    [chainId, limit],
  );
  const open = await byIds(
    q,
    rows.flatMap((r) => (r.openId ? [r.openId] : [])),
  );
  return rows.map((r) => ({
    address: r.address,
    userId: r.userId,
    newestCredited: r.newestCredited,
    open: (r.openId && open.get(r.openId)) || null,
  }));
}

export async function sweepById(q: Queryable, id: string): Promise<SweepRow | undefined> {
  const [row] = await q.query<SweepRow>(`SELECT ${SWEEP_COLUMNS} FROM deposit_sweeps WHERE id = $1`, [id]);
  return row;
}

async function byIds(q: Queryable, ids: string[]): Promise<Map<string, SweepRow>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<SweepRow>(
    `SELECT ${SWEEP_COLUMNS} FROM deposit_sweeps WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Opens a sweep for an address (none open: the partial unique index keeps it one). */
export async function openSweep(
  q: Queryable,
  chainId: number,
  c: { address: string; userId: string; newestCredited: string },
  at: Date,
): Promise<SweepRow> {
  const [row] = await q.query<SweepRow>(
    `INSERT INTO deposit_sweeps (chain_id, address, user_id, status, covers_deposit_id, created_at, updated_at)
     VALUES ($1, $2, $3, 'pending', $4, $5, $5) RETURNING ${SWEEP_COLUMNS}`,
    [chainId, c.address, c.userId, c.newestCredited, at.toISOString()],
  );
  if (!row) throw new Error('sweep not opened');
  return row;
}

/** The newest credited deposit to an address mined at or below `block`: what a balance read there covers. */
export async function newestCreditedAt(
  q: Queryable,
  chainId: number,
  address: string,
  block: bigint,
): Promise<string | null> {
  const [row] = await q.query<{ id: string | null }>(
    `SELECT max(id)::text AS id FROM deposits
      WHERE chain_id = $1 AND address = $2 AND status = 'credited' AND block_number <= $3`,
    [chainId, address, block.toString()],
  );
  return row?.id ?? null;
}

export interface SweepUpdate {
  status: SweepStatus;
  reason?: SkipReason | null;
  detail?: string | null;
  amount?: string | null;
  coversDepositId?: string;
  gasTxHash?: string | null;
  gasWei?: bigint | null;
  sweepTxHash?: string | null;
  sweepNonce?: bigint | null;
  sweepRawTx?: string | null;
  gasNonce?: bigint | null;
  gasRawTx?: string | null;
  /** Added to the fees paid so far. */
  addFeeWei?: bigint;
  sweptAt?: Date;
}

/** Moves a sweep on; unset fields keep their value (but reason, cleared unless skipped, and detail, cleared unless given). */
export async function updateSweep(q: Queryable, id: string, u: SweepUpdate, at: Date): Promise<void> {
  const keep = (v: unknown) => v === undefined;
  await q.query(
    `UPDATE deposit_sweeps SET status = $2,
       reason = $3, detail = $4,
       amount = CASE WHEN $5 THEN amount ELSE $6::numeric END,
       covers_deposit_id = COALESCE($7::bigint, covers_deposit_id),
       gas_tx_hash = CASE WHEN $8 THEN gas_tx_hash ELSE $9 END,
       gas_wei = CASE WHEN $10 THEN gas_wei ELSE $11::numeric END,
       sweep_tx_hash = CASE WHEN $12 THEN sweep_tx_hash ELSE $13 END,
       sweep_nonce = CASE WHEN $14 THEN sweep_nonce ELSE $15::bigint END,
       fee_wei = fee_wei + $16::numeric,
       swept_at = COALESCE($17::timestamptz, swept_at),
       updated_at = $18,
       sweep_raw_tx = CASE WHEN $19 THEN sweep_raw_tx ELSE $20 END,
       gas_nonce = CASE WHEN $21 THEN gas_nonce ELSE $22::bigint END,
       gas_raw_tx = CASE WHEN $23 THEN gas_raw_tx ELSE $24 END
     WHERE id = $1`,
    [
      id,
      u.status,
      u.status === 'skipped' ? (u.reason ?? null) : null,
      u.detail ?? null,
      keep(u.amount),
      u.amount ?? null,
      u.coversDepositId ?? null,
      keep(u.gasTxHash),
      u.gasTxHash ?? null,
      keep(u.gasWei),
      u.gasWei?.toString() ?? null,
      keep(u.sweepTxHash),
      u.sweepTxHash ?? null,
      keep(u.sweepNonce),
      u.sweepNonce?.toString() ?? null,
      (u.addFeeWei ?? 0n).toString(),
      u.sweptAt?.toISOString() ?? null,
      at.toISOString(),
      keep(u.sweepRawTx),
      u.sweepRawTx ?? null,
      keep(u.gasNonce),
      u.gasNonce?.toString() ?? null,
      keep(u.gasRawTx),
      u.gasRawTx ?? null,
    ],
  );
}

/** Records which address pays a chain's sweep gas (the back office reads its balance from there). */
export async function saveGasAccount(q: Queryable, chainId: number, address: string, at: Date) {
  await q.query(
    `INSERT INTO sweep_gas_accounts (chain_id, address, checked_at) VALUES ($1, $2, $3)
     ON CONFLICT (chain_id) DO UPDATE SET address = EXCLUDED.address, checked_at = EXCLUDED.checked_at`,
    [chainId, address, at.toISOString()],
  );
}

export async function gasAccounts(q: Queryable): Promise<Map<number, { address: string; checkedAt: Date }>> {
  const rows = await q.query<{ chainId: number; address: string; checkedAt: Date }>(
    'SELECT chain_id AS "chainId", address, checked_at AS "checkedAt" FROM sweep_gas_accounts',
  );
  return new Map(rows.map((r) => [r.chainId, r]));
}

/** The back office's list: open sweeps first (skipped ones with their reasons), then the latest swept. */
export async function recentSweeps(q: Queryable, chainId: number, limit: number): Promise<SweepRow[]> {
  return q.query<SweepRow>(
    `SELECT ${SWEEP_COLUMNS} FROM deposit_sweeps WHERE chain_id = $1
      ORDER BY (status = 'swept'), id DESC LIMIT $2`,
    [chainId, limit],
  );
}

/** Per chain: gas spent on sweeps (wei, the platform's cost) and USDT swept, all time. */
export async function sweepTotals(
  q: Queryable,
  chainId: number,
): Promise<{ feeWei: string; swept: string; open: number }> {
  const [row] = await q.query<{ feeWei: string; swept: string; open: string }>(
    `SELECT COALESCE(sum(fee_wei), 0)::text AS "feeWei",
            COALESCE(sum(amount) FILTER (WHERE status = 'swept'), 0)::text AS swept,
            count(*) FILTER (WHERE status <> 'swept')::text AS open
       FROM deposit_sweeps WHERE chain_id = $1`,
    [chainId],
  );
  return { feeWei: row?.feeWei ?? '0', swept: row?.swept ?? '0', open: Number(row?.open ?? 0) };
}
