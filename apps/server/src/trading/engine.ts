import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import type { Db, Queryable } from '../db/db.ts';
import { type Fence, FencedError } from '../db/ownership.ts';
import { unfenced } from './ownership.ts';
import type { MarketPolicy, Traded, Written } from './policy.ts';

/** Orders matched in one transaction at most. */
const MAX_BATCH = 500;

/**
 * The single writer of one book (one market in one realm), whatever the product. Orders reach it
 * only after they are durable; it matches them in the order they arrive, one writer at a time (a
 * promise chain), and writes each result (through the policy's `settle`: trades, the orders' fills
 * and status, every ledger movement, the release of what an ended order no longer needs frozen) in
 * one transaction per batch of the orders that arrived meanwhile, then publishes trades and depth.
 * After a restart it restores the live orders, oldest first, through the matcher.
 */
export class TradingEngine<P extends Traded> {
  protected book: P['book'];
  private chain: Promise<unknown> = Promise.resolve();
  private readonly queue: {
    order: P['order'];
    fresh: boolean;
    resolve: () => void;
    reject: (err: unknown) => void;
  }[] = [];
  private draining = false;

  /** Orders waiting for this engine to match them (the metrics' queue depth). */
  get queued(): number {
    return this.queue.length;
  }
  private tradesSeq = 0;
  private depthSeq = 0;

  constructor(
    protected readonly policy: MarketPolicy<P>,
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    /** The engines' ownership token: every write transaction checks it first (decision 0148). */
    readonly fence: Fence,
  ) {
    this.book = policy.newBook();
  }

  /**
   * One write transaction of this engine: refused before it writes anything (and rolled back) when
   * the engines' role has a newer owner. One check per transaction, whatever the batch holds.
   */
  protected tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    return this.db.tx(async (q) => {
      await this.fence.check(q);
      return fn(q);
    });
  }

  /** An order as it rests on the book now (undefined once filled or cancelled). */
  resting = (id: string) => this.book.get(id) as ReturnType<P['book']['get']>;

  depth(levels: number): P['depth'] {
    return this.policy.depth(this.book, levels);
  }

  /**
   * A digest of everything on the book in priority order (the policy's `state`): "a restart equals
   * the original" is one comparison of two hashes, as exchange-core checks a restored engine.
   */
  stateHash(): string {
    return createHash('sha256').update(this.policy.state(this.book).join('\n')).digest('hex');
  }

  /**
   * Runs `task` after everything submitted before it: the one-writer rule (a product's engine runs
   * its own writes to the book's rows this way too, as positions' TP/SL edits do).
   */
  protected serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.chain.then(task, task);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Resolves once everything queued on this engine so far (and what that queued meanwhile) has run and been written. */
  async idle(): Promise<void> {
    for (;;) {
      const chain = this.chain;
      await chain;
      if (chain === this.chain) return;
    }
  }

  /**
   * After a restart: restores every live order, oldest first, through the matcher (the policy's
   * `enter` restores: the entry rules, such as spot's minimum notional, are for new orders, so a
   * partial fill whose remainder is worth less stays). Orders that rested before rest again in the
   * same price-time order (a book at rest never crosses); orders that were stored but never matched
   * (the process died in between) match now, as they would have, and what that changes is written
   * as for any batch. `live`, when given, is this book's live orders as the caller read them for
   * every book at once (a start recovers a hundred books: one read, not one per book).
   */
  async recover(live?: P['order'][]): Promise<void> {
    this.book = this.policy.newBook();
    const rows = live ?? (await this.policy.live(this.db));
    await Promise.all(rows.map((r) => this.match(r, false)));
  }

  /**
   * After a failed batch (the book moved, the database refused and rolled back): rebuilds the book
   * from the database, which holds every order up to the batch's last as it was before the batch
   * (see the policy's `rebuild` for what becomes of each). Later orders have not reached this engine
   * yet (they arrive in id order): they are queued, or about to be, and are matched in their turn.
   * If the database refuses the cancellations too, those orders stay live and frozen off the book
   * until the next recovery, which matches them.
   */
  private async rebuild(batch: P['order'][], fresh: Set<string>): Promise<void> {
    const last = batch.reduce((max, o) => (BigInt(o.id) > BigInt(max) ? o.id : max), '0');
    const { book, unmatched } = this.policy.rebuild(await this.policy.live(this.db, last), fresh);
    this.book = book;
    this.publishDepth();
    if (unmatched.length === 0) return;
    const cancelled = await this.tx((q) => this.policy.cancelUnmatched(q, unmatched));
    this.policy.announce(cancelled);
  }

  /**
   * Queues a durable order, not yet on the book, for matching. Orders that arrive while a batch is
   * being written form the next batch: one transaction per batch, however many orders it holds. The
   * row given is updated in place with the order's fills and status once its batch is written.
   */
  match(order: P['order'], fresh = true): Promise<void> {
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

  /** Takes an order off the book and cancels it; undefined if it no longer rests there. */
  cancel(orderId: string): Promise<P['order'] | undefined> {
    return this.serial(async () => {
      const resting = this.book.cancel(orderId);
      if (!resting) return undefined;
      let written: Written<P> | undefined;
      try {
        written = await this.tx((q) => this.policy.cancel(q, orderId));
      } catch (err) {
        // Refused by the fence: the order stays where the database has it (the new owner's book).
        this.book = this.policy.rebuild(await this.policy.live(this.db), new Set()).book;
        throw unfenced(err);
      }
      this.publishDepth();
      if (!written) return undefined;
      this.policy.announce(written);
      return written.orders[0];
    });
  }

  /**
   * Takes orders off the book and cancels them in one transaction (the market maker's quotes a
   * round replaces: one write for the book's stale quotes, not one each); those no longer resting
   * are left out. Resolves with the orders cancelled.
   */
  cancelMany(orderIds: readonly string[]): Promise<P['order'][]> {
    return this.serial(async () => {
      const resting = orderIds.filter((id) => this.book.cancel(id));
      if (resting.length === 0) return [];
      let written: Written<P>;
      try {
        written = await this.tx((q) => this.policy.cancelUnmatched(q, resting));
      } catch (err) {
        // Refused by the fence: the orders stay where the database has them (the new owner's book).
        this.book = this.policy.rebuild(await this.policy.live(this.db), new Set()).book;
        throw unfenced(err);
      }
      this.publishDepth();
      this.policy.announce(written);
      return written.orders;
    });
  }

  /**
   * Matches durable orders not yet on the book (from the intake, or all live ones on recovery).
   * Writes only what changed: an order that simply rests is already stored as it stands.
   */
  private async matchBatch(orders: P['order'][], freshIds: string[]): Promise<void> {
    const freshSet = new Set(freshIds);
    // A new order meets the entry rules again; an order accepted before a restart is restored.
    const results = orders.map((order) => ({
      order,
      result: this.policy.enter(this.book, order, freshSet.has(order.id)),
    }));
    const trades = results.flatMap((r) => r.result.trades);
    const restedNow = new Set(results.filter((r) => r.result.rested).map((r) => r.order.id));
    const fresh = orders.filter((o) => freshSet.has(o.id));
    // All rested and nothing traded: nothing to write (an order that rests is stored as it stands).
    if (trades.length === 0 && restedNow.size === orders.length) {
      this.publishDepth();
      this.policy.announce({ orders: fresh, balances: [] });
      return;
    }
    let written: Written<P>;
    try {
      written = await this.tx((q) => this.policy.settle(q, { orders, trades, restedNow }));
    } catch (err) {
      if (err instanceof FencedError) {
        // A newer owner has the books: this process writes nothing more (not even the cancellations
        // a rebuild makes); its book goes back to what the database holds, and the process ends.
        this.log.warn(
          { orders: freshIds },
          `${this.policy.product} batch refused: the engines have a newer owner`,
        );
        this.book = this.policy.rebuild(await this.policy.live(this.db), new Set()).book;
        throw unfenced(err);
      }
      // The book moved but the database refused: rebuild the book from the database, so memory
      // never disagrees with the books of record (see rebuild for what becomes of each order).
      this.log.error(
        { err, orders: freshIds },
        `${this.policy.product} batch failed; cancelling its new orders and rebuilding the book`,
      );
      await this.rebuild(orders, freshSet);
      throw err;
    }
    if (trades.length > 0) {
      this.tradesSeq += 1;
      this.bus.publish({
        channel: this.policy.channels.trades,
        seq: this.tradesSeq,
        data: this.policy.tradesMessage(trades, written.tradeIds ?? []),
      });
    }
    this.publishDepth();
    this.policy.announce({ orders: [...new Set([...fresh, ...written.orders])], balances: written.balances });
  }

  private publishDepth(): void {
    this.depthSeq += 1;
    this.bus.publish({ channel: this.policy.channels.depth, seq: this.depthSeq, data: this.depth(20) });
  }
}
