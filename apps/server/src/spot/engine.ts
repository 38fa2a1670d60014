import {
  baseUnits,
  createBook,
  formatUnits,
  type Leg,
  type MarketSpec,
  marketSpec,
  parseUnits,
  platformAccount,
  quoteUnits,
  type SpotBook,
  settleTrade,
  type Trade,
  unfreeze,
  userAccount,
} from '@otc/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import type { Db, Queryable } from '../db/db.ts';
import { post } from '../ledger/post.ts';
import type { InstrumentSpec } from '../market/instruments.ts';
import { ORDER_COLUMNS, type OrderRow } from './rows.ts';

/** Orders matched in one transaction at most. */
const MAX_BATCH = 500;

/**
 * The single writer of one spot book (one market in one realm). Orders reach it only after they
 * are durable; it matches them in the order they arrive, one writer at a time (a promise chain), and
 * writes each result (trades, the orders' fills and status, every ledger movement, the release of
 * what an ended order no longer needs frozen) in one transaction per batch of the orders that
 * arrived meanwhile, then publishes trades and depth.
 * After a restart it rebuilds the book from open orders and matches the 'new' ones.
 */
export class SpotEngine {
  readonly spec: MarketSpec;
  private book: SpotBook;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly queue: { id: string; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private draining = false;
  private tradesSeq = 0;
  private depthSeq = 0;

  constructor(
    readonly instrument: InstrumentSpec,
    readonly realm: 'live' | 'demo',
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.spec = marketSpec({
      tickSize: instrument.tickSize,
      lotSize: instrument.lotSize,
      minNotional: instrument.minNotional,
    });
    this.book = createBook(this.spec);
  }

  /** Channel suffix: the demo book's channels end in `:demo`. */
  private channel(kind: 'trades' | 'depth') {
    return `${kind}:${this.instrument.symbol}${this.realm === 'demo' ? ':demo' : ''}`;
  }

  bestAsk = () => this.book.bestAsk();
  bestBid = () => this.book.bestBid();

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

  /** After a restart: rebuilds the book from the open orders, then matches the ones never matched. */
  async recover(): Promise<void> {
    await this.rebuild();
    const fresh = await this.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE symbol = $1 AND realm = $2 AND status = 'new' ORDER BY id`,
      [this.instrument.symbol, this.realm],
    );
    for (const r of fresh) await this.match(r);
  }

  /** Re-places the resting orders, oldest first: price-time priority comes back as it was. */
  private async rebuild(): Promise<void> {
    const rows = await this.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE symbol = $1 AND realm = $2 AND status IN ('open', 'partial') ORDER BY id`,
      [this.instrument.symbol, this.realm],
    );
    for (const r of rows) {
      const remaining = parseUnits(r.qty) - parseUnits(r.filled);
      this.book.place({
        id: r.id,
        owner: r.user_id,
        side: r.side,
        type: 'limit',
        price: parseUnits(r.price ?? '0') / this.spec.tickUnits,
        qty: remaining / this.spec.lotUnits,
      });
    }
  }

  /**
   * Queues a durable 'new' order for matching. Orders that arrive while a batch is being written
   * form the next batch: one transaction per batch, however many orders it holds.
   */
  match(order: OrderRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: order.id, resolve, reject });
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
        await this.matchBatch(batch.map((b) => b.id));
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
        await this.release(q, o);
        const [updated] = await q.query<OrderRow>(
          `UPDATE spot_orders SET status = 'cancelled', frozen = 0, updated_at = now() WHERE id = $1 RETURNING ${ORDER_COLUMNS}`,
          [orderId],
        );
        return updated;
      });
      this.publishDepth();
      return row;
    });
  }

  private async matchBatch(ids: string[]): Promise<void> {
    // Read inside the one writer: a repeated request must not match an order twice.
    const fresh = await this.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE id = ANY($1::bigint[]) AND status = 'new'`,
      [ids],
    );
    const orders = ids.map((id) => fresh.find((o) => o.id === id)).filter((o) => o !== undefined);
    if (orders.length === 0) return;
    const results = orders.map((order) => ({
      order,
      result: this.book.place({
        id: order.id,
        owner: order.user_id,
        side: order.side,
        type: order.type,
        ...(order.type === 'limit' ? { price: parseUnits(order.price ?? '0') / this.spec.tickUnits } : {}),
        qty: parseUnits(order.qty) / this.spec.lotUnits,
      }),
    }));
    const trades = results.flatMap((r) => r.result.trades);
    try {
      await this.db.tx(async (q) => {
        const touched = new Map<string, OrderRow>(orders.map((o) => [o.id, o]));
        const makers = [...new Set(trades.map((t) => t.makerId))].filter((id) => !touched.has(id));
        if (makers.length > 0) {
          const rows = await q.query<OrderRow>(
            `SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE id = ANY($1::bigint[]) FOR UPDATE`,
            [makers],
          );
          for (const r of rows) touched.set(r.id, r);
        }
        for (const trade of trades) await this.settle(q, trade, touched);
        const restedNow = new Set(results.filter((r) => r.result.rested).map((r) => r.order.id));
        const inBatch = new Set(orders.map((o) => o.id));
        for (const [id, o] of touched) {
          const full = parseUnits(o.filled) === parseUnits(o.qty);
          // A batch order that did not rest is done (filled, or the rest of a market order dropped);
          // a resting one is done only when filled, possibly by a later order of the same batch.
          const ended = full || (inBatch.has(id) && !restedNow.has(id));
          if (ended) await this.release(q, o);
          const status = ended
            ? full
              ? 'filled'
              : 'cancelled'
            : parseUnits(o.filled) > 0n
              ? 'partial'
              : 'open';
          await q.query(
            `UPDATE spot_orders SET filled = $2, quote_filled = $3, fee = $4, frozen = $5, status = $6, updated_at = now() WHERE id = $1`,
            [id, o.filled, o.quote_filled, o.fee, ended ? '0' : o.frozen, status],
          );
        }
      });
    } catch (err) {
      // The book moved but the database refused: cancel the batch's orders, releasing their funds,
      // and rebuild the book from the database, so memory never disagrees with the books of record.
      this.log.error(
        { err, orders: ids },
        'spot batch failed; cancelling its orders and rebuilding the book',
      );
      await this.db.tx(async (q) => {
        const stuck = await q.query<OrderRow>(
          `SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE id = ANY($1::bigint[]) AND status = 'new' FOR UPDATE`,
          [ids],
        );
        for (const o of stuck) {
          await this.release(q, o);
          await q.query(
            `UPDATE spot_orders SET status = 'cancelled', frozen = 0, updated_at = now() WHERE id = $1`,
            [o.id],
          );
        }
      });
      this.book = createBook(this.spec);
      await this.rebuild();
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
  }

  /** The ledger movements, fills and trade row of one trade, in the batch's transaction. */
  private async settle(q: Queryable, t: Trade, orders: Map<string, OrderRow>): Promise<void> {
    const maker = orders.get(t.makerId) as OrderRow;
    const taker = orders.get(t.takerId) as OrderRow;
    const [buyer, seller] = t.takerSide === 'buy' ? [taker, maker] : [maker, taker];
    const rate = (o: OrderRow) =>
      parseUnits(o === taker ? this.instrument.takerFee : this.instrument.makerFee);
    const quote = quoteUnits(this.spec, t.price, t.qty);
    const base = baseUnits(this.spec, t.qty);
    const s = settleTrade(quote, rate(buyer), rate(seller));
    const { base: baseAsset, quote: quoteAsset } = this.instrument;
    const legs: Leg[] = [
      {
        account: userAccount(buyer.user_id, 'funding'),
        asset: quoteAsset,
        field: 'frozen',
        amount: -s.buyerPays,
      },
      {
        account: userAccount(seller.user_id, 'funding'),
        asset: quoteAsset,
        field: 'available',
        amount: s.sellerReceives,
      },
      { account: userAccount(seller.user_id, 'funding'), asset: baseAsset, field: 'frozen', amount: -base },
      { account: userAccount(buyer.user_id, 'funding'), asset: baseAsset, field: 'available', amount: base },
    ];
    if (s.feesCollected > 0n)
      legs.push({
        account: platformAccount('fees'),
        asset: quoteAsset,
        field: 'available',
        amount: s.feesCollected,
      });
    const journalId = await post(q, {
      realm: this.realm,
      kind: 'spot.trade',
      reference: `${maker.id}/${taker.id}`,
      legs,
    });
    const fill = (o: OrderRow, fee: bigint, frozenUsed: bigint) => {
      o.filled = formatUnits(parseUnits(o.filled) + base);
      o.quote_filled = formatUnits(parseUnits(o.quote_filled) + quote);
      o.fee = formatUnits(parseUnits(o.fee) + fee);
      o.frozen = formatUnits(parseUnits(o.frozen) - frozenUsed);
    };
    fill(buyer, s.buyerFee, s.buyerPays);
    fill(seller, s.sellerFee, base);
    await q.query(
      `INSERT INTO spot_trades (realm, symbol, price, qty, taker_side, maker_order, taker_order, maker_fee, taker_fee, journal_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        this.realm,
        this.instrument.symbol,
        formatUnits(t.price * this.spec.tickUnits),
        formatUnits(base),
        t.takerSide,
        maker.id,
        taker.id,
        formatUnits(maker === buyer ? s.buyerFee : s.sellerFee),
        formatUnits(taker === buyer ? s.buyerFee : s.sellerFee),
        journalId,
      ],
    );
  }

  /** Gives back what an ended order still holds frozen. */
  private async release(q: Queryable, o: OrderRow): Promise<void> {
    const left = parseUnits(o.frozen);
    if (left > 0n) {
      await post(q, {
        realm: this.realm,
        kind: 'spot.release',
        reference: o.id,
        legs: unfreeze(userAccount(o.user_id, 'funding'), o.frozen_asset, left),
      });
    }
    o.frozen = '0';
  }

  private publishDepth(): void {
    this.depthSeq += 1;
    this.bus.publish({ channel: this.channel('depth'), seq: this.depthSeq, data: this.depth(20) });
  }
}
