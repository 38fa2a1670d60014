import { createBook, type MarketSpec, parseUnits, type RestoreOrder, type SpotBook } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../db/db.ts';
import { type BalanceAfter, postBatch } from '../postings/index.ts';
import { ORDER_COLUMNS, type OrderRow } from './rows.ts';
import { releaseFrozen } from './settlement.ts';

/**
 * Putting stored orders back on a book: after a restart (recovery, which matches and writes like any
 * batch) and after a failed batch (a rebuild, which writes nothing but cancellations).
 */

/**
 * A stored order as the book restores it: as ordered, with what it has filled. Restoring skips
 * the entry rules (a remainder below the minimum notional was valid when placed) but still matches.
 */
export function restoreOrder(spec: MarketSpec, r: OrderRow): RestoreOrder {
  return {
    id: r.id,
    owner: r.user_id,
    side: r.side,
    type: r.type,
    ...(r.type === 'limit' ? { price: parseUnits(r.price ?? '0') / spec.tickUnits } : {}),
    qty: parseUnits(r.qty) / spec.lotUnits,
    filled: parseUnits(r.filled) / spec.lotUnits,
  };
}

/**
 * The book after a failed batch, from the live orders up to the batch's last (oldest first, as the
 * database holds them once the batch's transaction rolled back), and the orders to cancel.
 *
 * Every order that had rested rests again, in the same price-time order, whatever its remainder is
 * worth: a live order is never left frozen off the book. An order whose first match was the failed
 * one is cancelled, its funds released, instead: the batch's new orders (`fresh`) and, when a
 * recovery batch failed, an order stored but never matched that would trade now (a market order,
 * or a limit crossing the book). A rebuild changes memory only, so it must not trade (those trades
 * would be written nowhere), and no one was told those orders were placed (a request answers once
 * its order is matched). Rebuilding by recovery's path, writing what matching changes, would retry
 * the writes the database has just refused, and a refusal that repeats would repeat forever.
 */
export function rebuildBook(
  spec: MarketSpec,
  live: OrderRow[],
  fresh: Set<string>,
): { book: SpotBook; unmatched: string[] } {
  const book = createBook(spec);
  const unmatched: string[] = [];
  for (const r of live) {
    if (fresh.has(r.id) || r.type === 'market' || crosses(spec, book, r)) unmatched.push(r.id);
    else book.restore(restoreOrder(spec, r));
  }
  return { book, unmatched };
}

/** Whether a limit order would trade on `book` as it stands. */
function crosses(spec: MarketSpec, book: SpotBook, r: OrderRow): boolean {
  const price = parseUnits(r.price ?? '0') / spec.tickUnits;
  const best = r.side === 'buy' ? book.bestAsk() : book.bestBid();
  return best !== undefined && (r.side === 'buy' ? price >= best : price <= best);
}

/** Cancels the orders a rebuild could not restore (those still live), releasing what they hold. */
export async function cancelUnmatched(
  q: Queryable,
  realm: Realm,
  ids: string[],
): Promise<{ orders: OrderRow[]; balances: BalanceAfter[] }> {
  const stuck = await q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE id = ANY($1::bigint[]) AND status IN ('new', 'open', 'partial') ORDER BY spot_orders.id FOR UPDATE`,
    [ids],
  );
  const releases = stuck.map((o) => releaseFrozen(realm, o)).filter((p) => p !== undefined);
  const { balances } = await postBatch(q, releases, 'all');
  const orders = await q.query<OrderRow>(
    `UPDATE spot_orders SET status = 'cancelled', frozen = 0, updated_at = now() WHERE id = ANY($1::bigint[]) RETURNING ${ORDER_COLUMNS}`,
    [stuck.map((o) => o.id)],
  );
  return { orders, balances };
}
