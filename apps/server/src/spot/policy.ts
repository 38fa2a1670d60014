import {
  baseUnits,
  createBook,
  formatUnits,
  type MarketSpec,
  parseUnits,
  type SpotBook,
  type Trade,
} from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import { type BookTrade, bookChannel } from '@otc/protocol/spot/channels';
import type { SpotDepth } from '@otc/protocol/spot/schemas';
import type { Bus } from '../bus/bus.ts';
import { publishUserEvent } from '../bus/user-channel.ts';
import type { Db, Queryable } from '../db/db.ts';
import { AppError } from '../http/errors.ts';
import { publishBalances } from '../ledger/index.ts';
import type { InstrumentSpec } from '../market/index.ts';
import type { Clock } from '../platform/clock.ts';
import { type BalanceAfter, previous } from '../postings/index.ts';
import { byBook } from '../trading/books.ts';
import type { IntakePolicy, MarketPolicy, Matched, MatchedBatch, Written } from '../trading/policy.ts';
import { type OrderRequest, storedRow, storeOrders } from './intake.ts';
import { cancelUnmatched, rebuildBook, restoreOrder } from './restore.ts';
import { ORDER_COLUMNS, type OrderRow, toSpotOrder } from './rows.ts';
import { cancelOffBook, type FeeRates, type SpotMarket, settleBatch } from './settlement.ts';
import type { SpotTraded } from './traded.ts';

/**
 * Spot on the trading pipeline (`trading/`): what a spot order reserves and stores (the intake's
 * policy), and, for each book, how a batch of spot fills settles, what an ended order releases and
 * what is published.
 */

/** The spot intake's policy: an order freezes from the funding account what core's `spotReserve` says. */
export function spotIntake(bus: Bus): IntakePolicy<OrderRequest, OrderRow, BalanceAfter> {
  return {
    product: 'spot',
    // A market buy freezes by the best ask: if the book emptied since it was checked, refuse it.
    refuse: (w) =>
      w.order.ticks !== undefined || w.order.side === 'sell' || w.engine.bestAsk() !== undefined
        ? undefined
        : new AppError('no_liquidity'),
    store: storeOrders,
    load: storedRow,
    previous: async (db, idem) =>
      (await previous<{ id: string }>(db, idem.idempotencyKey, idem.requestHash))?.id,
    announce: (balances) => publishBalances(bus, balances),
  };
}

/** One spot book's policy (a market in a realm: live and demo books are separate). */
/** What makes a spot order live: it rests, or may still match. */
const LIVE = `status IN ('new', 'open', 'partial')`;

/** Every spot book's live orders, oldest first, by book (`bookKey`): what a start recovers. */
export async function liveOrdersByBook(db: Db): Promise<Map<string, OrderRow[]>> {
  return byBook(
    await db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE ${LIVE} ORDER BY spot_orders.id`,
    ),
  );
}

export class SpotBookPolicy implements MarketPolicy<SpotTraded> {
  readonly product = 'spot';
  readonly channels: { trades: string; depth: string };
  private readonly market: SpotMarket;

  constructor(
    readonly instrument: InstrumentSpec,
    readonly realm: Realm,
    readonly spec: MarketSpec,
    fees: FeeRates,
    private readonly bus: Bus,
    private readonly clock: Clock,
  ) {
    this.market = { instrument, spec, realm, fees, clock };
    this.channels = {
      trades: bookChannel('trades', instrument.symbol, realm),
      depth: bookChannel('depth', instrument.symbol, realm),
    };
  }

  newBook(): SpotBook {
    return createBook(this.spec);
  }

  state(book: SpotBook): string[] {
    // Bids then asks, best price first, oldest first within a price (the command numbers are not
    // state: a restored book numbers its commands afresh).
    return book.openOrders().map((o) => `${o.id} ${o.owner} ${o.side} ${o.price} ${o.qty} ${o.remaining}`);
  }

  enter(book: SpotBook, order: OrderRow, fresh: boolean): Matched<Trade> {
    return fresh
      ? book.place({
          id: order.id,
          owner: order.user_id,
          side: order.side,
          type: order.type,
          ...(order.type === 'limit' ? { price: parseUnits(order.price ?? '0') / this.spec.tickUnits } : {}),
          qty: (parseUnits(order.qty) - parseUnits(order.filled)) / this.spec.lotUnits,
        })
      : book.restore(restoreOrder(this.spec, order));
  }

  live(db: Db, upTo?: string): Promise<OrderRow[]> {
    const bounded = upTo === undefined ? '' : ' AND id <= $3::bigint';
    const symbol = this.instrument.symbol;
    return db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE symbol = $1 AND realm = $2 AND ${LIVE}${bounded} ORDER BY spot_orders.id`,
      upTo === undefined ? [symbol, this.realm] : [symbol, this.realm, upTo],
    );
  }

  settle(q: Queryable, batch: MatchedBatch<SpotTraded>): Promise<Written<SpotTraded>> {
    return settleBatch(q, this.market, batch);
  }

  cancel(q: Queryable, id: string): Promise<Written<SpotTraded> | undefined> {
    return cancelOffBook(q, this.realm, id);
  }

  rebuild(live: OrderRow[], fresh: Set<string>): { book: SpotBook; unmatched: string[] } {
    return rebuildBook(this.spec, live, fresh);
  }

  cancelUnmatched(q: Queryable, ids: string[]): Promise<Written<SpotTraded>> {
    return cancelUnmatched(q, this.realm, ids);
  }

  depth(book: SpotBook, levels: number): SpotDepth {
    const d = book.depth(levels);
    const side = (rows: { price: bigint; qty: bigint }[]) =>
      rows.map(
        (l) =>
          [formatUnits(l.price * this.spec.tickUnits), formatUnits(baseUnits(this.spec, l.qty))] as [
            string,
            string,
          ],
      );
    return { symbol: this.instrument.symbol, bids: side(d.bids), asks: side(d.asks) };
  }

  tradesMessage(trades: Trade[], ids: readonly string[]): BookTrade[] {
    return trades.map((t, i) => ({
      id: ids[i] ?? '',
      price: formatUnits(t.price * this.spec.tickUnits),
      qty: formatUnits(baseUnits(this.spec, t.qty)),
      takerSide: t.takerSide,
      time: this.clock.date().toISOString(),
    }));
  }

  announce({ orders, balances }: Written<SpotTraded>): void {
    for (const o of orders) publishUserEvent(this.bus, o.user_id, { kind: 'order', order: toSpotOrder(o) });
    publishBalances(this.bus, balances);
  }
}
