import type { Db, Queryable } from '../db/db.ts';
import type { Fence } from '../db/ownership.ts';
import type { AppError } from '../http/errors.ts';

/**
 * What a product supplies to trade through the pipeline (the group-commit intake, the single-writer
 * engine, the owner-forwarding desk), the way exchange-core runs one risk engine for exchange and
 * margin orders: the machinery queues, batches, matches, recovers and forwards; the product's policy
 * says what an order reserves and stores, how a batch of fills settles, how an ended order releases
 * and what is published. The machinery calls a policy once per batch wherever it can; per order only
 * where a decision is the order's own (an entry check, putting it on the book).
 *
 * The machinery is platform code: it never imports an area. The ledger is reached through the
 * policy, which is why balances are a type the policy names (`Bal`).
 */

/** A user's request: its idempotency key (scoped to the user) and the request's fingerprint. */
export interface Idem {
  idempotencyKey: string;
  requestHash: string;
}

/** An order as the machinery sees a product's order row: its id (a bigint, in text). */
export interface PipelineOrder {
  id: string;
}

/** Where an accepted order goes to be matched: its book's engine. */
export interface Matcher<O> {
  match(order: O): Promise<void>;
}

/** An order to take in: the engine of its book, and, for a user's request, its idempotency. */
export interface IntakeRequest<O> {
  engine: Matcher<O>;
  idem?: Idem;
}

/** What the intake's statement did with each request of a batch. */
export interface StoreOutcome<R, O, Bal> {
  /** A repeated idempotency key: the id its first request placed, or why it is refused. */
  repeated: Map<R, string | AppError>;
  /** Durable now: funds frozen, the order stored (with its id and times). */
  stored: { w: R; row: O }[];
  /** Its balance could not cover it. */
  refused: R[];
  /** Refused only behind an earlier order of the same balance: to try again, first, next batch. */
  retry: R[];
  /** The balances the statement changed, to announce. */
  balances: Bal[];
}

/** The product's part of the group-commit intake. */
export interface IntakePolicy<R extends IntakeRequest<O>, O, Bal> {
  /** The product's name, in logs. */
  readonly product: string;
  /** Called per order before its batch is written: why it cannot be taken now, if it cannot. */
  refuse(request: R): AppError | undefined;
  /**
   * ONE statement per batch (its own transaction): answers repeated keys, freezes what each order
   * reserves (a balance covers its orders in arrival order), stores the accepted orders with ids
   * rising in arrival order. The statement writes only while `fence` (the engines' ownership
   * token) is still this process's, and throws its `FencedError` otherwise (decision 0148).
   */
  store<W extends R>(q: Queryable, batch: W[], fence: Fence): Promise<StoreOutcome<W, O, Bal>>;
  /** A stored order by id (the answer of a repeated key). */
  load(db: Db, id: string): Promise<O>;
  /** The id of the order an idempotency key placed before, if any; another request under it is refused. */
  previous(db: Db, idem: Idem): Promise<string | undefined>;
  /** Tells the owners of the balances a batch changed. */
  announce(balances: Bal[]): void;
}

/** What the engine needs of a book: matching itself goes through the policy's `enter`. */
export interface MatchingBook {
  cancel(id: string): unknown;
  /** An order as it rests on the book now (undefined once filled or cancelled). */
  get(id: string): { remaining: bigint } | undefined;
}

/** What matching one order gave: its trades, and whether it rests on the book now. */
export interface Matched<T> {
  trades: T[];
  rested?: unknown;
}

/** The types a product trades with on the pipeline. */
export interface Traded {
  order: PipelineOrder;
  trade: unknown;
  book: MatchingBook;
  balance: unknown;
  depth: unknown;
}

/** A matched batch to settle, as the engine hands it to the policy inside its transaction. */
export interface MatchedBatch<P extends Traded> {
  /** The batch's orders, in the order they were matched. */
  orders: P['order'][];
  /** Every trade of the batch, in order. */
  trades: P['trade'][];
  /** The batch's orders that rested on the book when they were matched. */
  restedNow: Set<string>;
}

/** What a write changed: the orders to announce (as they stand now) and the balances. */
export interface Written<P extends Traded> {
  orders: P['order'][];
  balances: P['balance'][];
  /** The ids the batch's trades were stored under, in order (a settle that stores trades). */
  tradeIds?: string[];
}

/** The product's part of one engine: one book (a market in a realm). */
export interface MarketPolicy<P extends Traded> {
  /** The product's name, in logs. */
  readonly product: string;
  /** The bus channels of the book's public trades and depth. */
  readonly channels: { trades: string; depth: string };
  newBook(): P['book'];
  /**
   * Every order on the book as one line of text, in the order it has priority: what the engine's
   * state hash covers. The same orders resting in the same order give the same lines, however the
   * book got there (placed one by one, or restored after a restart).
   */
  state(book: P['book']): string[];
  /**
   * Puts one order of a batch on the book (per order): a new order meets the entry rules (place), an
   * order accepted before a restart is restored as it stands.
   */
  enter(book: P['book'], order: P['order'], fresh: boolean): Matched<P['trade']>;
  /** The live orders of the book, oldest first; with `upTo`, only those up to that id. */
  live(db: Db, upTo?: string): Promise<P['order'][]>;
  /**
   * Writes what a batch's matching changed, in the engine's transaction: the trades, the orders'
   * fills and status, the ledger legs, the release of what ended orders still hold, activity
   * records. The batch's orders are updated in place. Returns the orders that changed.
   */
  settle(q: Queryable, batch: MatchedBatch<P>): Promise<Written<P>>;
  /** Cancels an order the engine has just taken off the book, releasing what it holds. */
  cancel(q: Queryable, id: string): Promise<Written<P> | undefined>;
  /**
   * The book after a failed batch, from the live orders up to its last (no trades: a rebuild writes
   * nothing but cancellations), and the orders to cancel: those whose first match was the failed one.
   */
  rebuild(live: P['order'][], fresh: Set<string>): { book: P['book']; unmatched: string[] };
  /** Cancels orders taken off the book (those a rebuild could not restore; several at once), releasing what they hold. */
  cancelUnmatched(q: Queryable, ids: string[]): Promise<Written<P>>;
  depth(book: P['book'], levels: number): P['depth'];
  /** The public trades message of a batch, with the ids its settle stored the trades under. */
  tradesMessage(trades: P['trade'][], ids: readonly string[]): unknown;
  /** Tells owners of their orders' new state and balances. */
  announce(written: Written<P>): void;
}
