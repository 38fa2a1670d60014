import type { AlertCondition, AlertStatus } from '@otc/protocol/alerts/schemas';
import type { Queryable } from '../db/db.ts';

/** The SQL of the alerts area: its one table, `price_alerts`. */
export interface AlertRow {
  id: string;
  user_id: string;
  symbol: string;
  condition: AlertCondition;
  percent: string | null;
  base_price: string;
  target: string;
  status: AlertStatus;
  created_at: Date;
  triggered_at: Date | null;
  triggered_price: string | null;
}

const COLUMNS = `id::text AS id, user_id::text AS user_id, symbol, condition, percent::text AS percent,
  base_price::text AS base_price, target::text AS target, status, created_at, triggered_at,
  triggered_price::text AS triggered_price`;

/** A user's alerts, the active first, each group newest first; one instrument's when `symbol` is given. */
export function userAlerts(q: Queryable, userId: string, symbol: string | null): Promise<AlertRow[]> {
  return q.query<AlertRow>(
    `SELECT ${COLUMNS} FROM price_alerts WHERE user_id = $1 AND ($2::text IS NULL OR symbol = $2::text)
     ORDER BY status = 'active' DESC, COALESCE(triggered_at, created_at) DESC, id DESC`,
    [userId, symbol],
  );
}

/** How many alerts of a user are active (the limit counts them). */
export async function activeCount(q: Queryable, userId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM price_alerts WHERE user_id = $1 AND status = 'active'`,
    [userId],
  );
  return row?.n ?? 0;
}

/**
 * Holds the user's alerts until the transaction ends, so two adds at once both count each other
 * against the limit (a transaction-scoped advisory lock: the first key is this table's, 60).
 */
export async function lockUser(q: Queryable, userId: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(60, ($1::bigint % 2147483647)::int)', [userId]);
}

export async function insertAlert(
  q: Queryable,
  a: {
    userId: string;
    symbol: string;
    condition: AlertCondition;
    percent: string | null;
    basePrice: string;
    target: string;
    now: Date;
  },
): Promise<AlertRow> {
  const [row] = await q.query<AlertRow>(
    `INSERT INTO price_alerts (user_id, symbol, condition, percent, base_price, target, created_at)
     VALUES ($1, $2, $3, $4::numeric, $5::numeric, $6::numeric, $7) RETURNING ${COLUMNS}`,
    [a.userId, a.symbol, a.condition, a.percent, a.basePrice, a.target, a.now],
  );
  return row as AlertRow;
}

/** Deletes one of the user's alerts; the row it deleted, none when it is not theirs. */
export async function deleteAlert(q: Queryable, userId: string, id: string): Promise<AlertRow | undefined> {
  const [row] = await q.query<AlertRow>(
    `DELETE FROM price_alerts WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId],
  );
  return row;
}

/** Every active alert (what the watch loads and resyncs from). */
export function activeAlerts(q: Queryable): Promise<AlertRow[]> {
  return q.query<AlertRow>(`SELECT ${COLUMNS} FROM price_alerts WHERE status = 'active'`);
}

/**
 * Marks alerts met by a price: only those still active change, so of two processes that heard the
 * same tick (or a tick and a delete) exactly one gets each row back; the others get nothing.
 */
export function markTriggered(q: Queryable, ids: string[], price: string, now: Date): Promise<AlertRow[]> {
  return q.query<AlertRow>(
    `UPDATE price_alerts SET status = 'triggered', triggered_at = $3, triggered_price = $2::numeric
     WHERE id = ANY($1::bigint[]) AND status = 'active' RETURNING ${COLUMNS}`,
    [ids, price, now],
  );
}
