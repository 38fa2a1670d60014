import { formatUnits, parseUnits, type Units } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Db, Queryable } from '../db/db.ts';
import { type PageRequest, paged } from '../db/paged.ts';
import { fail } from '../http/errors.ts';
import { ORDER_COLUMNS, POSITION_COLUMNS, type PositionOrderRow, type PositionRow } from './rows.ts';

/** SQL on the area's own tables (positions, position_orders). */

export async function positionOf(q: Queryable, id: string): Promise<PositionRow | undefined> {
  const [row] = await q.query<PositionRow>(`SELECT ${POSITION_COLUMNS} FROM positions WHERE id = $1`, [id]);
  return row;
}

export async function openPositionsOf(
  q: Queryable,
  userId: string,
  realm: Realm,
  product?: 'perp' | 'cfd',
): Promise<PositionRow[]> {
  return q.query<PositionRow>(
    `SELECT ${POSITION_COLUMNS} FROM positions
     WHERE user_id = $1 AND realm = $2 AND status = 'open' AND ($3::text IS NULL OR product = $3)
     ORDER BY positions.id`,
    [userId, realm, product ?? null],
  );
}

export async function closedPositionsOf(
  q: Queryable,
  userId: string,
  realm: Realm,
  product: 'perp' | 'cfd' | undefined,
  page: PageRequest,
) {
  return paged<PositionRow>(
    q,
    {
      select: POSITION_COLUMNS,
      // Closed positions, and open ones a partial close already took lots from.
      from: `positions WHERE user_id = $1 AND realm = $2 AND ($3::text IS NULL OR product = $3)
        AND (status = 'closed' OR EXISTS (SELECT 1 FROM position_closes c WHERE c.position_id = positions.id))`,
      orderBy: 'positions.id DESC',
    },
    [userId, realm, product ?? null],
    page,
  );
}

export async function ordersOf(
  q: Queryable,
  userId: string,
  realm: Realm,
  filter: { status: 'open' | 'history'; symbol?: string | undefined; product?: 'perp' | 'cfd' | undefined },
  page: PageRequest,
) {
  const statuses = filter.status === 'open' ? `('new', 'open')` : `('filled', 'cancelled', 'rejected')`;
  return paged<PositionOrderRow>(
    q,
    {
      select: ORDER_COLUMNS,
      from: `position_orders WHERE user_id = $1 AND realm = $2 AND status IN ${statuses}
        AND ($3::text IS NULL OR symbol = $3) AND ($4::text IS NULL OR product = $4)`,
      orderBy: 'position_orders.id DESC',
    },
    [userId, realm, filter.symbol ?? null, filter.product ?? null],
    page,
  );
}

export async function orderOf(q: Queryable, id: string): Promise<PositionOrderRow | undefined> {
  const [row] = await q.query<PositionOrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM position_orders WHERE id = $1`,
    [id],
  );
  return row;
}

/** A user's contract balance's available part (0 when the account does not exist yet). */
export async function contractAvailable(
  q: Queryable,
  realm: Realm,
  account: string,
  asset: string,
): Promise<Units> {
  const [, owner, kind] = account.split(':');
  const [row] = await q.query<{ available: string }>(
    `SELECT available::text AS available FROM account_balances
     WHERE realm = $1 AND owner_type = 'user' AND owner = $2 AND kind = $3 AND asset = $4`,
    [realm, owner, kind, asset],
  );
  return row ? parseUnits(row.available) : 0n;
}

/** A close to store: of which position, how, and a user's request's idempotency. */
export interface NewClose {
  position: PositionRow;
  action: 'close' | 'reverse' | 'liquidate';
  lots: Units;
  reason: NonNullable<PositionRow['close_reason']>;
  idem: { idempotencyKey: string; requestHash: string } | null;
}

/** The close an idempotency key stored before, if any; another request under the key is refused. */
export async function closeByKey(
  q: Queryable,
  idem: { idempotencyKey: string; requestHash: string },
): Promise<PositionOrderRow | undefined> {
  const [row] = await q.query<PositionOrderRow & { request_hash: string | null }>(
    `SELECT ${ORDER_COLUMNS}, request_hash FROM position_orders WHERE idempotency_key = $1`,
    [idem.idempotencyKey],
  );
  if (!row) return undefined;
  if (row.request_hash !== idem.requestHash || row.action === 'open') fail('idempotency_conflict');
  const { request_hash: _h, ...order } = row;
  return order;
}

/**
 * Stores a close (a market order on the position, durable before the engine settles it). A key
 * used before answers that close (`fresh` false); a key used by another request is refused.
 */
export async function insertClose(
  db: Db,
  c: NewClose,
  at: Date,
): Promise<{ row: PositionOrderRow; fresh: boolean }> {
  const p = c.position;
  const [row] = await db.query<PositionOrderRow>(
    `INSERT INTO position_orders (user_id, realm, symbol, product, side, type, action, position_id, lots, leverage,
       frozen, status, close_reason, idempotency_key, request_hash, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'market', $6, $7, $8, $9, 0, 'new', $10, $11, $12, $13, $13)
     ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
     RETURNING ${ORDER_COLUMNS}`,
    [
      p.user_id,
      p.realm,
      p.symbol,
      p.product,
      p.side,
      c.action,
      p.id,
      formatUnits(c.lots),
      p.leverage,
      c.reason,
      c.idem?.idempotencyKey ?? null,
      c.idem?.requestHash ?? null,
      at,
    ],
  );
  if (row) return { row, fresh: true };
  const earlier = c.idem ? await closeByKey(db, c.idem) : undefined;
  if (!earlier) fail('idempotency_conflict');
  return { row: earlier, fresh: false };
}

/** Whether a close took this idempotency key (an opening order under it is then refused). */
export async function keyTakenByClose(q: Queryable, idempotencyKey: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM position_orders WHERE idempotency_key = $1 AND action <> 'open'`,
    [idempotencyKey],
  );
  return rows.length > 0;
}

/** The closes a close-all request made, by its keys' common prefix (`<user>:<key>:`). */
export async function closesByKeyPrefix(
  q: Queryable,
  userId: string,
  prefix: string,
): Promise<PositionOrderRow[]> {
  return q.query<PositionOrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM position_orders
     WHERE user_id = $1 AND idempotency_key IS NOT NULL AND left(idempotency_key, length($2)) = $2
     ORDER BY position_orders.id`,
    [userId, prefix],
  );
}
