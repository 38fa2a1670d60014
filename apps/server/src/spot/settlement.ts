import {
  baseUnits,
  formatUnits,
  hasEnded,
  type MarketSpec,
  orderStatus,
  parseUnits,
  quoteUnits,
  releaseLegs,
  spotTradeLegs,
  type Trade,
  type Units,
  userAccount,
} from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../db/db.ts';
import type { Params } from '../db/params.ts';
import type { InstrumentSpec } from '../market/index.ts';
import type { Clock } from '../platform/clock.ts';
import { insertTradeActivity, type TradeActivity } from '../platform/trade-activity.ts';
import { GuardedWriteError, type Posting, postBatch } from '../postings/index.ts';
import type { MatchedBatch, Written } from '../trading/policy.ts';
import { ORDER_COLUMNS, type OrderRow } from './rows.ts';
import type { SpotTraded } from './traded.ts';

/**
 * What a trade moves and writes, apart from the engine that found it: the ledger legs of a fill
 * (exact fees by the users' rates into the fees account), the order rows' new fills, the release
 * of what an ended order still holds frozen, and the statements that store trades and fills.
 */

/** A user's fee rate for an instrument's base rate: less by VIP level (never more). */
export interface FeeRates {
  rate(userId: string, baseRate: Units): Units;
}

/** The market a spot engine settles for. */
export interface SpotMarket {
  instrument: InstrumentSpec;
  spec: MarketSpec;
  realm: Realm;
  fees: FeeRates;
  /** Stamps the trade activity records (the VIP window reads them by the platform's clock). */
  clock: Clock;
}

/** The ledger movements of one trade, with its fills applied to both orders and its trade row. */
export function settle(
  market: SpotMarket,
  t: Trade,
  orders: Map<string, OrderRow>,
): { posting: Posting; trade: TradeRow; activity: TradeActivity[] } {
  const { instrument, spec, realm, fees } = market;
  const maker = orders.get(t.makerId) as OrderRow;
  const taker = orders.get(t.takerId) as OrderRow;
  const [buyer, seller] = t.takerSide === 'buy' ? [taker, maker] : [maker, taker];
  const rate = (o: OrderRow) =>
    fees.rate(o.user_id, parseUnits(o === taker ? instrument.takerFee : instrument.makerFee));
  const quote = quoteUnits(spec, t.price, t.qty);
  const base = baseUnits(spec, t.qty);
  const s = spotTradeLegs({
    buyer: buyer.user_id,
    seller: seller.user_id,
    baseAsset: instrument.base,
    quoteAsset: instrument.quote,
    base,
    quote,
    buyerRate: rate(buyer),
    sellerRate: rate(seller),
  });
  const fill = (o: OrderRow, fee: bigint, frozenUsed: bigint) => {
    o.filled = formatUnits(parseUnits(o.filled) + base);
    o.quote_filled = formatUnits(parseUnits(o.quote_filled) + quote);
    o.fee = formatUnits(parseUnits(o.fee) + fee);
    o.frozen = formatUnits(parseUnits(o.frozen) - frozenUsed);
  };
  fill(buyer, s.buyerFee, s.buyerFrozenUsed);
  fill(seller, s.sellerFee, s.sellerFrozenUsed);
  // Each user's part in the fill, for VIP volume and rebates: one record for a trade with oneself.
  const part = (userId: string, fee: bigint): TradeActivity => ({
    userId,
    product: 'spot',
    symbol: instrument.symbol,
    realm,
    notional: formatUnits(quote),
    fee: formatUnits(fee),
  });
  const activity =
    buyer.user_id === seller.user_id
      ? [part(buyer.user_id, s.buyerFee + s.sellerFee)]
      : [part(buyer.user_id, s.buyerFee), part(seller.user_id, s.sellerFee)];
  return {
    activity,
    posting: {
      realm: realm,
      kind: 'spot.trade',
      reference: `${maker.id}/${taker.id}`,
      subject: instrument.symbol,
      legs: s.legs,
    },
    trade: {
      realm: realm,
      symbol: instrument.symbol,
      price: formatUnits(t.price * spec.tickUnits),
      qty: formatUnits(base),
      takerSide: t.takerSide,
      makerOrder: maker.id,
      takerOrder: taker.id,
      makerFee: formatUnits(maker === buyer ? s.buyerFee : s.sellerFee),
      takerFee: formatUnits(taker === buyer ? s.buyerFee : s.sellerFee),
    },
  };
}

/** The statuses of an order that may still fill (it rests, or is being matched). */
const LIVE_STATUSES = ['new', 'open', 'partial'];

/**
 * Writes what a batch's matching changed, in the engine's transaction: locks the resting makers it
 * traded with, settles each trade, sets every touched order's status (core's `orderStatus`) and
 * releases what the ended ones still hold, then writes trades, fills, trade activity records and every
 * ledger leg in one statement. The batch's rows are updated in place; returns those that changed.
 *
 * The fills are guarded (decision 0148): a maker the engine traded with must still be live in the
 * database, and each order's row is updated only while it is live with the fill the engine had
 * before this batch; otherwise (another writer filled or cancelled it) the batch is refused whole,
 * nothing written, so no trade is ever doubled.
 */
export async function settleBatch(
  q: Queryable,
  market: SpotMarket,
  { orders, trades, restedNow }: MatchedBatch<SpotTraded>,
): Promise<Written<SpotTraded>> {
  const touched = new Map<string, OrderRow>(orders.map((o) => [o.id, o]));
  const inBatch = new Set(orders);
  const changed: OrderRow[] = [];
  const makers = [...new Set(trades.map((t) => t.makerId))].filter((id) => !touched.has(id));
  if (makers.length > 0) {
    const rows = await q.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE id = ANY($1::bigint[]) ORDER BY spot_orders.id FOR UPDATE`,
      [makers],
    );
    for (const r of rows) {
      if (!LIVE_STATUSES.includes(r.status))
        throw new GuardedWriteError(
          makers.length,
          rows.filter((o) => LIVE_STATUSES.includes(o.status)).length,
        );
      touched.set(r.id, r);
    }
  }
  // The fill each order had before this batch: its row is written only if it still has it.
  const before = new Map([...touched].map(([id, o]) => [id, o.filled]));
  const settled = trades.map((t) => settle(market, t, touched));
  const releases: Posting[] = [];
  const traded = new Set(trades.flatMap((t) => [t.makerId, t.takerId]));
  for (const [id, o] of touched) {
    const before = o.status;
    // A batch order that did not rest is off the book (the rest of a market order dropped); a
    // resting one ends only when filled, possibly by a later order of the same batch.
    o.status = orderStatus(parseUnits(o.qty), parseUnits(o.filled), restedNow.has(id) || !inBatch.has(o));
    if (hasEnded(o.status)) {
      const release = releaseFrozen(market.realm, o);
      if (release) releases.push(release);
    }
    if (traded.has(id) || o.status !== before) {
      o.updated_at = new Date();
      changed.push(o);
    }
  }
  // Trades are the first postings, in order: trade i names the journal of posting i.
  const rows = (sql: Params) => {
    const writes: string[] = [];
    if (settled.length > 0)
      writes.push(
        insertTrades(
          settled.map((s) => s.trade),
          sql,
        ),
      );
    if (changed.length > 0) writes.push(updateOrders(changed, sql, before));
    if (settled.length > 0)
      writes.push(
        insertTradeActivity(
          settled.flatMap((s, posting) => s.activity.map((a) => ({ ...a, posting }))),
          sql,
          market.clock.date(),
        ),
      );
    return writes;
  };
  const { outcomes, balances } = await postBatch(
    q,
    [...settled.map((s) => s.posting), ...releases],
    'all',
    (_, sql) => rows(sql),
    settled.length > 0 ? 0 : undefined,
    // The orders' update is the body after the trades' (when there are trades).
    changed.length > 0 ? { body: settled.length > 0 ? 1 : 0, rows: changed.length } : undefined,
  );
  // Trade i is posting i; its row's id is the one the recent trades list shows.
  const tradeIds = settled.map((_, i) => {
    const o = outcomes[i];
    return o && 'rowId' in o ? (o.rowId as string) : '';
  });
  return { orders: changed, balances, tradeIds };
}

/** Cancels an order the engine has just taken off its book, releasing what it still holds. */
export async function cancelOffBook(
  q: Queryable,
  realm: Realm,
  orderId: string,
): Promise<Written<SpotTraded> | undefined> {
  const [o] = await q.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE id = $1 FOR UPDATE`, [
    orderId,
  ]);
  if (!o) return undefined;
  const release = releaseFrozen(realm, o);
  const { balances } = await postBatch(q, release ? [release] : [], 'all');
  const [updated] = await q.query<OrderRow>(
    `UPDATE spot_orders SET status = 'cancelled', frozen = 0, updated_at = now() WHERE id = $1 RETURNING ${ORDER_COLUMNS}`,
    [orderId],
  );
  return updated && { orders: [updated], balances };
}

/** The posting that gives back what an ended order still holds frozen, if anything. */
export function releaseFrozen(realm: Realm, o: OrderRow): Posting | undefined {
  const legs = releaseLegs(userAccount(o.user_id, 'funding'), o.frozen_asset, parseUnits(o.frozen));
  o.frozen = '0';
  return legs && { realm, kind: 'spot.release', reference: o.id, subject: o.symbol, legs };
}

export interface TradeRow {
  realm: string;
  symbol: string;
  price: string;
  qty: string;
  takerSide: 'buy' | 'sell';
  makerOrder: string;
  takerOrder: string;
  makerFee: string;
  takerFee: string;
}

/** The statement (a CTE body of the postings' statement) that stores trade rows. */
export function insertTrades(trades: TradeRow[], sql: Params): string {
  const col = <K extends keyof TradeRow>(k: K) => sql.p(trades.map((t) => t[k]));
  return `INSERT INTO spot_trades (realm, symbol, price, qty, taker_side, maker_order, taker_order, maker_fee, taker_fee, journal_id)
    SELECT v.realm, v.symbol, v.price, v.qty, v.taker_side, v.maker_order, v.taker_order, v.maker_fee, v.taker_fee, posted.id
    FROM unnest(${col('realm')}::text[], ${col('symbol')}::text[], ${col('price')}::numeric[], ${col('qty')}::numeric[],
                ${col('takerSide')}::text[], ${col('makerOrder')}::bigint[], ${col('takerOrder')}::bigint[],
                ${col('makerFee')}::numeric[], ${col('takerFee')}::numeric[], ${sql.p(trades.map((_, i) => i))}::int[])
      AS v (realm, symbol, price, qty, taker_side, maker_order, taker_order, maker_fee, taker_fee, n)
    JOIN posted ON posted.n = v.n
    RETURNING journal_id, id`;
}

/**
 * The statement (a CTE body of the postings' statement) that writes the orders' fills and status,
 * with the rows' own `updated_at`: the time the engine answers with is the time every later read shows.
 * Guarded: a row is updated only while it is live with the fill `before` gives it (what the engine
 * had before this batch); it returns the rows it updated, and the caller compares their count.
 */
export function updateOrders(orders: OrderRow[], sql: Params, before: Map<string, string>): string {
  const col = <K extends keyof OrderRow>(k: K) => sql.p(orders.map((o) => o[k]));
  const prior = sql.p(orders.map((o) => before.get(o.id) ?? o.filled));
  return `UPDATE spot_orders o SET filled = v.filled, quote_filled = v.quote_filled, fee = v.fee, frozen = v.frozen,
            status = v.status, updated_at = v.updated_at
    FROM unnest(${col('id')}::bigint[], ${col('filled')}::numeric[], ${col('quote_filled')}::numeric[], ${col('fee')}::numeric[],
                ${col('frozen')}::numeric[], ${col('status')}::text[], ${col('updated_at')}::timestamptz[], ${prior}::numeric[])
      AS v (id, filled, quote_filled, fee, frozen, status, updated_at, prior)
    WHERE o.id = v.id AND o.filled = v.prior AND o.status IN (${LIVE_STATUSES.map((s) => `'${s}'`).join(', ')})
    RETURNING o.id`;
}
