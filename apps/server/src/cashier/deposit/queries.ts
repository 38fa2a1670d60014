import type { Queryable } from '../../db/db.ts';
import type { TokenTransfer } from './chains.ts';

/** The SQL of chain deposits. Amounts cross as decimal strings, block numbers as bigint. */

export interface DepositRow {
  id: string;
  chain_id: number;
  tx_hash: string;
  log_index: number;
  block_number: string;
  block_hash: string;
  user_id: string;
  address: string;
  amount: string;
  status: 'pending' | 'credited' | 'below_minimum' | 'dropped';
  confirmations: number;
  confirmations_needed: number;
  created_at: Date;
  credited_at: Date | null;
}

export const DEPOSIT_COLUMNS = `id::text AS id, chain_id, tx_hash, log_index, block_number::text AS block_number,
  block_hash, user_id::text AS user_id, address, amount::text AS amount, status, confirmations,
  confirmations_needed, created_at, credited_at`;

export async function addressOf(q: Queryable, chainId: number, userId: string): Promise<string | undefined> {
  const [row] = await q.query<{ address: string }>(
    'SELECT address FROM deposit_addresses WHERE chain_id = $1 AND user_id = $2',
    [chainId, userId],
  );
  return row?.address;
}

export async function saveAddress(q: Queryable, chainId: number, userId: string, address: string) {
  await q.query(
    `INSERT INTO deposit_addresses (chain_id, user_id, address) VALUES ($1, $2, $3)
     ON CONFLICT (chain_id, user_id) DO NOTHING`,
    [chainId, userId, address.toLowerCase()],
  );
}

/** Which of `addresses` belong to a user on the chain: address -> user id. */
export async function ownersOf(
  q: Queryable,
  chainId: number,
  addresses: string[],
): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const rows = await q.query<{ address: string; user_id: string }>(
    `SELECT address, user_id::text AS user_id FROM deposit_addresses WHERE chain_id = $1 AND address = ANY($2::text[])`,
    [chainId, addresses],
  );
  return new Map(rows.map((r) => [r.address, r.user_id]));
}

export interface Cursor {
  block: bigint;
  hash: string | null;
}

/**
 * The chain's cursor; undefined before the first scan. Locked for the scan's writes (two watchers
 * take turns), or only read, outside any transaction, before the scan reads the chain.
 */
export async function lockCursor(q: Queryable, chainId: number, lock = true): Promise<Cursor | undefined> {
  const [row] = await q.query<{ block_number: string | null; block_hash: string | null }>(
    `SELECT block_number::text AS block_number, block_hash FROM deposit_cursors WHERE chain_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [chainId],
  );
  return row?.block_number ? { block: BigInt(row.block_number), hash: row.block_hash } : undefined;
}

export async function saveCursor(
  q: Queryable,
  chainId: number,
  state: { block: bigint; hash: string | null; head: bigint | null; error: string | null; at: Date },
) {
  await q.query(
    `INSERT INTO deposit_cursors (chain_id, block_number, block_hash, head, scanned_at, error)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (chain_id) DO UPDATE SET block_number = excluded.block_number, block_hash = excluded.block_hash,
       head = COALESCE(excluded.head, deposit_cursors.head), scanned_at = excluded.scanned_at, error = excluded.error`,
    [
      chainId,
      state.block.toString(),
      state.hash,
      state.head === null ? null : state.head.toString(),
      state.at.toISOString(),
      state.error,
    ],
  );
}

/** A scan that failed keeps its cursor and says why. */
export async function saveScanError(q: Queryable, chainId: number, error: string, at: Date) {
  await q.query(
    `INSERT INTO deposit_cursors (chain_id, scanned_at, error) VALUES ($1, $2, $3)
     ON CONFLICT (chain_id) DO UPDATE SET scanned_at = excluded.scanned_at, error = excluded.error`,
    [chainId, at.toISOString(), error],
  );
}

export async function pendingOf(q: Queryable, chainId: number, lock = true): Promise<DepositRow[]> {
  return q.query<DepositRow>(
    `SELECT ${DEPOSIT_COLUMNS} FROM deposits WHERE chain_id = $1 AND status = 'pending' ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
    [chainId],
  );
}

/** The deposits among `ids`, for announcing them as stored. */
export async function depositsById(q: Queryable, ids: string[]): Promise<DepositRow[]> {
  return q.query<DepositRow>(
    `SELECT ${DEPOSIT_COLUMNS} FROM deposits WHERE id = ANY($1::bigint[]) ORDER BY id`,
    [ids],
  );
}

/** Returns the ids dropped. */
export async function markDropped(q: Queryable, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<{ id: string }>(
    `UPDATE deposits SET status = 'dropped' WHERE id = ANY($1::bigint[]) AND status = 'pending' RETURNING id::text AS id`,
    [ids],
  );
  return rows.map((r) => r.id);
}

/** Returns the ids whose count changed (a pass with no new block changes none). */
export async function setConfirmations(
  q: Queryable,
  ids: string[],
  confirmations: number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<{ id: string }>(
    `UPDATE deposits d SET confirmations = v.c FROM unnest($1::bigint[], $2::int[]) AS v (id, c)
     WHERE d.id = v.id AND d.confirmations <> v.c RETURNING d.id::text AS id`,
    [ids, confirmations],
  );
  return rows.map((r) => r.id);
}

export interface SeenDeposit extends TokenTransfer {
  userId: string;
  /** Ledger decimal. */
  amount: string;
  status: 'pending' | 'below_minimum';
  confirmationsNeeded: number;
}

/**
 * Records transfers seen, once per (chain, tx hash, log index): a log seen again changes nothing,
 * but one that was dropped in a reorg and is mined again comes back with its new block. Returns the
 * ids recorded or brought back.
 */
export async function recordSeen(q: Queryable, chainId: number, seen: SeenDeposit[]): Promise<string[]> {
  if (seen.length === 0) return [];
  const rows = await q.query<{ id: string }>(
    `INSERT INTO deposits (chain_id, tx_hash, log_index, block_number, block_hash, user_id, address, amount, status, confirmations_needed)
     SELECT $1, v.tx, v.li, v.bn, v.bh, v.uid, v.addr, v.amount, v.status, v.needed
     FROM unnest($2::text[], $3::int[], $4::bigint[], $5::text[], $6::bigint[], $7::text[], $8::numeric[], $9::text[], $10::int[])
       AS v (tx, li, bn, bh, uid, addr, amount, status, needed)
     ON CONFLICT (chain_id, tx_hash, log_index) DO UPDATE
       SET block_number = excluded.block_number, block_hash = excluded.block_hash, status = excluded.status
       WHERE deposits.status = 'dropped'
     RETURNING id::text AS id`,
    [
      chainId,
      seen.map((s) => s.txHash),
      seen.map((s) => s.logIndex),
      seen.map((s) => s.blockNumber.toString()),
      seen.map((s) => s.blockHash),
      seen.map((s) => s.userId),
      seen.map((s) => s.to),
      seen.map((s) => s.amount),
      seen.map((s) => s.status),
      seen.map((s) => s.confirmationsNeeded),
    ],
  );
  return rows.map((r) => r.id);
}

/** Locks the deposits still pending among `ids`: the one way to credit them, so each is credited once. */
export async function lockPending(q: Queryable, ids: string[]): Promise<DepositRow[]> {
  return q.query<DepositRow>(
    `SELECT ${DEPOSIT_COLUMNS} FROM deposits WHERE id = ANY($1::bigint[]) AND status = 'pending' ORDER BY id FOR UPDATE`,
    [ids],
  );
}

export async function markCredited(
  q: Queryable,
  credited: { id: string; journalId: string; confirmations: number }[],
  at: Date,
) {
  await q.query(
    `UPDATE deposits d SET status = 'credited', journal_id = v.journal_id, confirmations = v.c, credited_at = $4
     FROM unnest($1::bigint[], $2::bigint[], $3::int[]) AS v (id, journal_id, c) WHERE d.id = v.id`,
    [
      credited.map((c) => c.id),
      credited.map((c) => c.journalId),
      credited.map((c) => c.confirmations),
      at.toISOString(),
    ],
  );
}

export interface CursorRow {
  chain_id: number;
  block_number: string | null;
  head: string | null;
  scanned_at: Date | null;
  error: string | null;
}

export async function cursors(q: Queryable): Promise<Map<number, CursorRow>> {
  const rows = await q.query<CursorRow>(
    'SELECT chain_id, block_number::text AS block_number, head::text AS head, scanned_at, error FROM deposit_cursors',
  );
  return new Map(rows.map((r) => [Number(r.chain_id), r]));
}

export async function pendingCounts(q: Queryable): Promise<Map<number, number>> {
  const rows = await q.query<{ chain_id: number; n: string }>(
    `SELECT chain_id, count(*)::text AS n FROM deposits WHERE status = 'pending' GROUP BY chain_id`,
  );
  return new Map(rows.map((r) => [Number(r.chain_id), Number(r.n)]));
}

/** Every deposit address on a chain, for the reserves. */
export async function addressesOn(q: Queryable, chainId: number): Promise<string[]> {
  const rows = await q.query<{ address: string }>(
    'SELECT address FROM deposit_addresses WHERE chain_id = $1',
    [chainId],
  );
  return rows.map((r) => r.address);
}
