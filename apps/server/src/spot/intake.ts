import { baseUnits, formatUnits, type MarketSpec, parseUnits, spotReserve, type Units } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Db, Queryable } from '../db/db.ts';
import type { Fence } from '../db/ownership.ts';
import type { Params } from '../db/params.ts';
import { AppError } from '../http/errors.ts';
import type { InstrumentSpec } from '../market/index.ts';
import { type BalanceAfter, type Freeze, freezeBatch } from '../postings/index.ts';
import type { Idem, Matcher, StoreOutcome } from '../trading/policy.ts';
import { sortOutcome } from '../trading/sort-outcome.ts';
import { ORDER_COLUMNS, type OrderRow } from './rows.ts';

export interface NewOrder {
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  ticks: bigint | undefined;
  lots: bigint;
}

/**
 * The book an order is for, as the intake reads it: its engine (`engine.ts`), named by what it
 * reads so this file does not import the engine, whose policy imports this file.
 */
export interface IntakeBook extends Matcher<OrderRow> {
  readonly instrument: InstrumentSpec;
  readonly realm: Realm;
  readonly spec: MarketSpec;
  bestAsk(): bigint | undefined;
}

/** A spot order to take in: whose, on which book, and a user's request's idempotency. */
export interface OrderRequest {
  userId: string;
  engine: IntakeBook;
  order: NewOrder;
  /** A user's request: its idempotency key (scoped to the user) and the request's fingerprint. */
  idem?: Idem;
}

/**
 * Spot's part of the group-commit intake (`trading/intake.ts`): what an order reserves and how a
 * batch of orders is stored.
 */

/**
 * The intake's statement (one round trip, its own transaction): answers repeated keys, freezes
 * what each new order can cost and stores the orders, ready for their engines. An order its
 * balance cannot cover is refused; one refused only because an earlier order of the same balance
 * in this batch was (the statement stops covering a balance at its first shortfall) comes back in
 * `retry`, to be tried again against what is left.
 */
export async function storeOrders<R extends OrderRequest>(
  q: Queryable,
  batch: R[],
  /** The engines' ownership token (the intake's); a test storing orders as a dead owner did goes without. */
  fence?: Fence,
): Promise<StoreOutcome<R, OrderRow, BalanceAfter>> {
  const freezes: Freeze[] = batch.map((w) => ({
    realm: w.engine.realm,
    userId: w.userId,
    kind: 'funding',
    subject: w.engine.instrument.symbol,
    ...freezeFor(w.engine, w.order),
    ...(w.idem ? { idem: w.idem } : {}),
  }));
  const drafts = batch.map((w, n) => toRow(w, freezes[n] as Freeze));
  const outcome = await freezeBatch(
    q,
    'spot.freeze',
    'spot_orders_id_seq',
    freezes,
    (sql) => [insertOrders(drafts, sql)],
    fence,
  );
  return sortOutcome(
    batch,
    outcome,
    (n, id) => ({ ...(drafts[n] as OrderRow), id, created_at: outcome.at, updated_at: outcome.at }),
    (w, n) => `${w.engine.realm} ${w.userId} ${(freezes[n] as Freeze).asset}`,
  );
}

/** A stored order by id. */
export async function storedRow(db: Db, id: string): Promise<OrderRow> {
  const [row] = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE id = $1`, [id]);
  if (!row) throw new AppError('not_found', {}, 'id');
  return row;
}

/** The order as stored before its engine matches it, holding what it can cost (id and times to come). */
function toRow(w: OrderRequest, frozen: Freeze): OrderRow {
  const { engine, order: o } = w;
  const { spec } = engine;
  return {
    id: '',
    user_id: w.userId,
    realm: engine.realm,
    symbol: engine.instrument.symbol,
    side: o.side,
    type: o.type,
    price: o.ticks === undefined ? null : formatUnits(o.ticks * spec.tickUnits),
    qty: formatUnits(baseUnits(spec, o.lots)),
    filled: '0',
    quote_filled: '0',
    fee: '0',
    frozen_asset: frozen.asset,
    frozen: formatUnits(frozen.amount),
    // A limit order that rests needs no second write; a market order is 'new' until matched.
    status: o.type === 'limit' ? 'open' : 'new',
    created_at: new Date(0),
    updated_at: new Date(0),
  };
}

/** What an order must freeze (core's rule, the one the order form shows). */
function freezeFor(engine: IntakeBook, o: NewOrder): { asset: string; amount: Units } {
  const { spec, instrument } = engine;
  const rates = { maker: parseUnits(instrument.makerFee), taker: parseUnits(instrument.takerFee) };
  const r = spotReserve(
    spec,
    rates,
    o,
    o.ticks === undefined && o.side === 'buy' ? engine.bestAsk() : undefined,
  );
  return { asset: r.asset === 'base' ? instrument.base : instrument.quote, amount: r.amount };
}

/** The statement (a CTE body of the freezes' statement) that stores the accepted orders. */
function insertOrders(rows: OrderRow[], sql: Params): string {
  const col = <K extends keyof OrderRow>(k: K) => sql.p(rows.map((r) => r[k]));
  return `INSERT INTO spot_orders (id, user_id, realm, symbol, side, type, price, qty, frozen_asset, frozen, status)
    SELECT a.record_id, v.user_id, v.realm, v.symbol, v.side, v.type, v.price, v.qty, v.frozen_asset, v.frozen, v.status
    FROM unnest(${col('user_id')}::bigint[], ${col('realm')}::text[], ${col('symbol')}::text[], ${col('side')}::text[],
      ${col('type')}::text[], ${col('price')}::numeric[], ${col('qty')}::numeric[], ${col('frozen_asset')}::text[],
      ${col('frozen')}::numeric[], ${col('status')}::text[])
      WITH ORDINALITY AS v (user_id, realm, symbol, side, type, price, qty, frozen_asset, frozen, status, o)
    JOIN accepted a ON a.n = v.o - 1
    ORDER BY a.n`;
}
