import {
  baseUnits,
  createBook,
  formatUnits,
  hasEnded,
  type MarketSpec,
  marketSpec,
  orderStatus,
  parseUnits,
  type SpotBook,
} from '@otc/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import { publishUserEvent } from '../bus/user-channel.ts';
import type { Db } from '../db/db.ts';
import type { Params } from '../db/params.ts';
import { type BalanceAfter, type Posting, postBatch, publishBalances } from '../ledger/index.ts';
import type { InstrumentSpec } from '../market/index.ts';
import { insertActivity } from '../platform/activity.ts';
import { cancelUnmatched, rebuildBook, restoreOrder } from './restore.ts';
import { ORDER_COLUMNS, type OrderRow, toSpotOrder } from './rows.ts';
import {
  type FeeRates,
  insertTrades,
  releaseFrozen,
  type SpotMarket,
  settle,
  updateOrders,
} from './settlement.ts';

/** Orders matched in one transaction at most. */
const MAX_BATCH = 500;

/**
 * The single writer of one spot book (one market in one realm). Orders reach it only after they
 * are durable; it matches them in the order they arrive, one writer at a time (a promise chain), and
 * writes each result (trades, the orders' fills and status, every ledger movement, the release of
 * what an ended order no longer needs frozen) in one transaction per batch of the orders that
 * arrived meanwhile, then publishes trades and depth.
 * After a restart it restores the live orders, oldest first, through the matcher.
 */
export class SpotEngine {
  readonly spec: MarketSpec;
  private readonly market: SpotMarket;
  private book: SpotBook;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly queue: {
    order: OrderRow;
    fresh: boolean;
    resolve: () => void;
    reject: (err: unknown) => void;
  }[] = [];
  private draining = false;
  private tradesSeq = 0;
  private depthSeq = 0;

  constructor(
    readonly instrument: InstrumentSpec,
    readonly realm: 'live' | 'demo',
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    fees: FeeRates,
  ) {
    this.spec = marketSpec({
      tickSize: instrument.tickSize,
      lotSize: instrument.lotSize,
      minNotional: instrument.minNotional,
    });
    this.market = { instrument, spec: this.spec, realm, fees };
    this.book = createBook(this.spec);
  }

  /** Channel suffix: the demo book's channels end in `:demo`. */
  private channel(kind: 'trades' | 'depth') {
    return `${kind}:${this.instrument.symbol}${this.realm === 'demo' ? ':demo' : ''}`;
  }

  bestAsk = () => this.book.bestAsk();
  bestBid = () => this.book.bestBid();
  /** An order as it rests on the book now (undefined once filled or cancelled). */
  resting = (id: string) => this.book.get(id);

  depth(levels: number) {
    const d = this.book.depth(levels);
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

  /** Runs `task` after everything submitted before it: the one-writer rule. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.chain.then(task, task);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /**
   * After a restart: restores every live order, oldest first, through the matcher (`restore`: the
   * entry rules such as the minimum notional are for new orders, so a partial fill whose remainder
   * is worth less stays). Orders that rested before rest again in the same price-time order (a book
   * at rest never crosses); orders that were stored but never matched (the process died in between)
   * match now, as they would have, and what that changes is written as for any batch.
   */
  async recover(): Promise<void> {
    this.book = createBook(this.spec);
    const live = await this.liveOrders();
    await Promise.all(live.map((r) => this.match(r, false)));
  }

  /** The live orders, oldest first; with `upTo`, only those up to that id. */
  private liveOrders(upTo?: string): Promise<OrderRow[]> {
    const bounded = upTo === undefined ? '' : ' AND id <= $3::bigint';
    return this.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE symbol = $1 AND realm = $2 AND status IN ('new', 'open', 'partial')${bounded} ORDER BY spot_orders.id`,
      upTo === undefined ? [this.instrument.symbol, this.realm] : [this.instrument.symbol, this.realm, upTo],
    );
  }

  /**
   * After a failed batch (the book moved, the database refused and rolled back): rebuilds the book
   * from the database, which holds every order up to the batch's last as it was before the batch
   * (see `rebuildBook` for what becomes of each). Later orders have not reached this engine yet
   * (they arrive in id order): they are queued, or about to be, and are matched in their turn.
   * If the database refuses the cancellations too, those orders stay live and frozen off the book
   * until the next recovery, which matches them.
   */
  private async rebuild(batch: OrderRow[], fresh: Set<string>): Promise<void> {
    const last = batch.reduce((max, o) => (BigInt(o.id) > BigInt(max) ? o.id : max), '0');
    const { book, unmatched } = rebuildBook(this.spec, await this.liveOrders(last), fresh);
    this.book = book;
    this.publishDepth();
    if (unmatched.length === 0) return;
    const cancelled = await this.db.tx((q) => cancelUnmatched(q, this.realm, unmatched));
    this.announce(cancelled.orders, cancelled.balances);
  }

  /**
   * Queues a durable order, not yet on the book, for matching. Orders that arrive while a batch is being written
   * form the next batch: one transaction per batch, however many orders it holds. The row given is
   * updated in place with the order's fills and status once its batch is written.
   */
  match(order: OrderRow, fresh = true): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ order, fresh, resolve, reject });
      if (!this.draining) {
        this.draining = true;
        void this.serial(() => this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.matchBatch(
          batch.map((b) => b.order),
          batch.filter((b) => b.fresh).map((b) => b.order.id),
        );
        for (const b of batch) b.resolve();
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    this.draining = false;
  }

  cancel(orderId: string): Promise<OrderRow | undefined> {
    return this.serial(async () => {
      const resting = this.book.cancel(orderId);
      if (!resting) return undefined;
      const row = await this.db.tx(async (q) => {
        const [o] = await q.query<OrderRow>(
          `SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE id = $1 FOR UPDATE`,
          [orderId],
        );
        if (!o) return undefined;
        const release = releaseFrozen(this.realm, o);
        const { balances } = await postBatch(q, release ? [release] : [], 'all');
        const [updated] = await q.query<OrderRow>(
          `UPDATE spot_orders SET status = 'cancelled', frozen = 0, updated_at = now() WHERE id = $1 RETURNING ${ORDER_COLUMNS}`,
          [orderId],
        );
        return updated && { updated, balances };
      });
      this.publishDepth();
      if (!row) return undefined;
      this.announce([row.updated], row.balances);
      return row.updated;
    });
  }

  /**
   * Matches durable orders not yet on the book (from the intake, or all live ones on recovery).
   * Writes only what changed: an order that simply rests is already stored as it stands.
   */
  private async matchBatch(orders: OrderRow[], freshIds: string[]): Promise<void> {
    const freshSet = new Set(freshIds);
    // A new order meets the entry rules again; an order accepted before a restart is restored.
    const results = orders.map((order) => ({
      order,
      result: freshSet.has(order.id)
        ? this.book.place({
            id: order.id,
            owner: order.user_id,
            side: order.side,
            type: order.type,
            ...(order.type === 'limit'
              ? { price: parseUnits(order.price ?? '0') / this.spec.tickUnits }
              : {}),
            qty: (parseUnits(order.qty) - parseUnits(order.filled)) / this.spec.lotUnits,
          })
        : this.book.restore(restoreOrder(this.spec, order)),
    }));
    const trades = results.flatMap((r) => r.result.trades);
    const restedNow = new Set(results.filter((r) => r.result.rested).map((r) => r.order.id));
    const fresh = orders.filter((o) => freshSet.has(o.id));
    // All rested and nothing traded (so no market order, the only kind stored 'new'): nothing to write.
    if (trades.length === 0 && restedNow.size === orders.length) {
      this.publishDepth();
      this.announce(fresh, []);
      return;
    }
    const touched = new Map<string, OrderRow>(orders.map((o) => [o.id, o]));
    const inBatch = new Set(orders);
    const changed: OrderRow[] = [];
    let balances: BalanceAfter[] = [];
    try {
      await this.db.tx(async (q) => {
        const makers = [...new Set(trades.map((t) => t.makerId))].filter((id) => !touched.has(id));
        if (makers.length > 0) {
          const rows = await q.query<OrderRow>(
            `SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE id = ANY($1::bigint[]) ORDER BY spot_orders.id FOR UPDATE`,
            [makers],
          );
          for (const r of rows) touched.set(r.id, r);
        }
        const settled = trades.map((t) => settle(this.market, t, touched));
        const releases: Posting[] = [];
        const traded = new Set(trades.flatMap((t) => [t.makerId, t.takerId]));
        for (const [id, o] of touched) {
          const before = o.status;
          // A batch order that did not rest is off the book (the rest of a market order dropped); a
          // resting one ends only when filled, possibly by a later order of the same batch.
          o.status = orderStatus(
            parseUnits(o.qty),
            parseUnits(o.filled),
            restedNow.has(id) || !inBatch.has(o),
          );
          if (hasEnded(o.status)) {
            const release = releaseFrozen(this.realm, o);
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
          if (changed.length > 0) writes.push(updateOrders(changed, sql));
          if (settled.length > 0)
            writes.push(
              insertActivity(
                settled.flatMap((s, posting) => s.activity.map((a) => ({ ...a, posting }))),
                sql,
              ),
            );
          return writes;
        };
        ({ balances } = await postBatch(q, [...settled.map((s) => s.posting), ...releases], 'all', (_, sql) =>
          rows(sql),
        ));
      });
    } catch (err) {
      // The book moved but the database refused: rebuild the book from the database, so memory
      // never disagrees with the books of record (see rebuild for what becomes of each order).
      this.log.error(
        { err, orders: freshIds },
        'spot batch failed; cancelling its new orders and rebuilding the book',
      );
      await this.rebuild(orders, freshSet);
      throw err;
    }
    if (trades.length > 0) {
      this.tradesSeq += 1;
      this.bus.publish({
        channel: this.channel('trades'),
        seq: this.tradesSeq,
        data: trades.map((t) => ({
          price: formatUnits(t.price * this.spec.tickUnits),
          qty: formatUnits(baseUnits(this.spec, t.qty)),
          takerSide: t.takerSide,
          time: new Date().toISOString(),
        })),
      });
    }
    this.publishDepth();
    this.announce([...new Set([...fresh, ...changed])], balances);
  }

  /** Tells the owners (the socket's `user` channel) of their orders' new state and balances. */
  private announce(orders: OrderRow[], balances: BalanceAfter[]): void {
    for (const o of orders) publishUserEvent(this.bus, o.user_id, { kind: 'order', order: toSpotOrder(o) });
    publishBalances(this.bus, balances);
  }

  private publishDepth(): void {
    this.depthSeq += 1;
    this.bus.publish({ channel: this.channel('depth'), seq: this.depthSeq, data: this.depth(20) });
  }
}
