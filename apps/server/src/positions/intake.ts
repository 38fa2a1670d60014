import { formatUnits, type Units } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Db, Queryable } from '../db/db.ts';
import type { Fence } from '../db/ownership.ts';
import type { Params } from '../db/params.ts';
import { AppError } from '../http/errors.ts';
import type { Clock } from '../platform/clock.ts';
import { type BalanceAfter, type Freeze, freezeBatch } from '../postings/index.ts';
import type { Idem, Matcher, StoreOutcome } from '../trading/policy.ts';
import { sortOutcome } from '../trading/sort-outcome.ts';
import { ASSET } from './legs.ts';
import { ORDER_COLUMNS, type PositionOrderRow } from './rows.ts';

/**
 * Positions' part of the group-commit intake (`trading/intake.ts`): an opening order freezes its
 * prepaid amount (margin + fee + stamp duty at its price) from the user's contract USDT and is
 * stored, in one statement per batch.
 */

export interface NewOpen {
  side: 'long' | 'short';
  type: 'market' | 'limit';
  lots: string;
  /** A limit entry's price, or the dealer's price a market order fills at (its reservation's price). */
  price: string;
  leverage: number;
  tp: string | null;
  sl: string | null;
  /** What it freezes: exactly the prepaid amount shown. */
  prepaid: Units;
  /** The close-out floor its position is held to (decision 0150); 0: none. */
  closeOut: Units;
}

/**
 * The instrument an order is for, as the intake reads it: its engine (`engine.ts`), named by what
 * it reads so this file does not import the engine, whose policy imports this file.
 */
export interface IntakeBook extends Matcher<PositionOrderRow> {
  readonly symbol: string;
  readonly realm: Realm;
  readonly product: 'perp' | 'cfd';
}

export interface OpenRequest {
  userId: string;
  engine: IntakeBook;
  order: NewOpen;
  idem?: Idem;
}

export function storeOpens(clock: Clock) {
  return async <R extends OpenRequest>(
    q: Queryable,
    batch: R[],
    fence?: Fence,
  ): Promise<StoreOutcome<R, PositionOrderRow, BalanceAfter>> => {
    const at = clock.date();
    const freezes: Freeze[] = batch.map((w) => ({
      realm: w.engine.realm,
      userId: w.userId,
      kind: 'contract',
      asset: ASSET,
      amount: w.order.prepaid,
      subject: w.engine.symbol,
      ...(w.idem ? { idem: w.idem } : {}),
    }));
    const drafts = batch.map((w) => toRow(w, at));
    const outcome = await freezeBatch(
      q,
      'position.freeze',
      'position_orders_id_seq',
      freezes,
      (sql) => [insertOrders(drafts, sql)],
      fence,
    );
    return sortOutcome(
      batch,
      outcome,
      (n, id) => ({ ...(drafts[n] as PositionOrderRow), id }),
      (w) => `${w.engine.realm} ${w.userId}`,
    );
  };
}

/** A stored order by id. */
export async function storedOrder(db: Db, id: string): Promise<PositionOrderRow> {
  const [row] = await db.query<PositionOrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM position_orders WHERE id = $1`,
    [id],
  );
  if (!row) throw new AppError('not_found', {}, 'id');
  return row;
}

function toRow(w: OpenRequest, at: Date): PositionOrderRow {
  const { engine, order: o } = w;
  return {
    id: '',
    user_id: w.userId,
    realm: engine.realm,
    symbol: engine.symbol,
    product: engine.product,
    side: o.side,
    type: o.type,
    action: 'open',
    position_id: null,
    lots: o.lots,
    price: o.price,
    leverage: o.leverage,
    tp: o.tp,
    sl: o.sl,
    frozen: formatUnits(o.prepaid),
    close_out: formatUnits(o.closeOut),
    // A limit entry that rests needs no second write; a market order is 'new' until matched.
    status: o.type === 'limit' ? 'open' : 'new',
    fill_price: null,
    reason: null,
    close_reason: null,
    created_at: at,
    updated_at: at,
  };
}

/** The statement (a CTE body of the freezes' statement) that stores the accepted orders. */
function insertOrders(rows: PositionOrderRow[], sql: Params): string {
  const col = <K extends keyof PositionOrderRow>(k: K) => sql.p(rows.map((r) => r[k]));
  return `INSERT INTO position_orders (id, user_id, realm, symbol, product, side, type, action, lots, price, leverage, tp, sl,
      frozen, close_out, status, idempotency_key, request_hash, created_at, updated_at)
    SELECT a.record_id, v.user_id, v.realm, v.symbol, v.product, v.side, v.type, 'open', v.lots, v.price, v.leverage, v.tp,
      v.sl, v.frozen, v.close_out, v.status, a.key, a.hash, v.at, v.at
    FROM unnest(${col('user_id')}::bigint[], ${col('realm')}::text[], ${col('symbol')}::text[], ${col('product')}::text[],
      ${col('side')}::text[], ${col('type')}::text[], ${col('lots')}::numeric[], ${col('price')}::numeric[],
      ${col('leverage')}::int[], ${col('tp')}::numeric[], ${col('sl')}::numeric[], ${col('frozen')}::numeric[],
      ${col('status')}::text[], ${sql.p(rows.map((r) => r.created_at.toISOString()))}::timestamptz[],
      ${col('close_out')}::numeric[])
      WITH ORDINALITY AS v (user_id, realm, symbol, product, side, type, lots, price, leverage, tp, sl, frozen, status, at,
        close_out, o)
    JOIN accepted a ON a.n = v.o - 1
    ORDER BY a.n`;
}
