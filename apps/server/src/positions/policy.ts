import {
  canonicalDecimal,
  fillPrice,
  limitFillPrice,
  parseUnits,
  type QuoteConversion,
  type Units,
} from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Bus } from '../bus/bus.ts';
import { publishUserEvent } from '../bus/user-channel.ts';
import type { AppContext } from '../context.ts';
import type { Db, Queryable } from '../db/db.ts';
import { publishBalances } from '../ledger/index.ts';
import { announceNotices } from '../notifications/index.ts';
import { type BalanceAfter, previous } from '../postings/index.ts';
import { byBook } from '../trading/books.ts';
import type { IntakePolicy, MarketPolicy, Matched, MatchedBatch, Written } from '../trading/policy.ts';
import { PendingBook } from './book.ts';
import type { PositionEvents } from './events.ts';
import { takeFundingIn } from './funding/drift.ts';
import { type OpenRequest, storedOrder, storeOpens } from './intake.ts';
import {
  ORDER_COLUMNS,
  POSITION_COLUMNS,
  type PositionOrderRow,
  type PositionRow,
  toPosition,
  toPositionOrder,
} from './rows.ts';
import type { InstrumentRules } from './rules.ts';
import { cancelOrders, type SettledBatch, settleFills } from './settlement.ts';
import type { OpenPositions, PositionFill } from './state.ts';

/**
 * Positions on the trading pipeline (`trading/`): what an opening order reserves and stores (the
 * intake's policy), and for each instrument and realm how a batch of fills against the dealer
 * settles, what an ended order releases and what is published.
 */

/** What makes a position order live, and a position open. */
const LIVE = `status IN ('new', 'open')`;
const OPEN = `status = 'open'`;

/** Every book's open positions and live orders, oldest first, by book (`bookKey`): what a start recovers. */
export async function openBooks(
  db: Db,
): Promise<{ positions: Map<string, PositionRow[]>; orders: Map<string, PositionOrderRow[]> }> {
  const positions = await db.query<PositionRow>(
    `SELECT ${POSITION_COLUMNS} FROM positions WHERE ${OPEN} ORDER BY positions.id`,
  );
  const orders = await db.query<PositionOrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM position_orders WHERE ${LIVE} ORDER BY position_orders.id`,
  );
  return { positions: byBook(positions), orders: byBook(orders) };
}

export interface PositionTraded {
  order: PositionOrderRow;
  trade: PositionFill;
  book: PendingBook;
  balance: BalanceAfter;
  depth: { resting: number };
}

/** The positions intake's policy: an opening order freezes its prepaid amount from the contract account. */
export function positionIntake(ctx: AppContext): IntakePolicy<OpenRequest, PositionOrderRow, BalanceAfter> {
  return {
    product: 'positions',
    refuse: () => undefined,
    store: storeOpens(ctx.clock),
    load: storedOrder,
    previous: async (db, idem) =>
      (await previous<{ id: string }>(db, idem.idempotencyKey, idem.requestHash))?.id,
    announce: (balances) => publishBalances(ctx.bus, balances),
  };
}

/** Whether a limit entry's price is reached: the dealer's price at the mark is at or better than it. */
export function reached(rules: InstrumentRules, order: PositionOrderRow, mark: Units | undefined): boolean {
  if (mark === undefined || order.price === null) return false;
  const buying = order.side === 'long';
  const dealer = fillPrice(rules.core, mark, buying);
  const limit = parseUnits(order.price);
  return buying ? dealer <= limit : dealer >= limit;
}

/**
 * A reached limit entry's fill price: the dealer's price at the mark when better than the limit
 * (core's `limitFillPrice`; a limit is "this price or better"), the limit otherwise. What the order
 * reserved beyond the cost at that price is released by the fill's posting.
 */
function limitEntryPrice(
  rules: InstrumentRules,
  order: PositionOrderRow,
  mark: Units | undefined,
  conv: QuoteConversion | null,
): Units {
  const limit = parseUnits(order.price ?? '0');
  if (mark === undefined) return limit;
  return limitFillPrice(
    rules.core,
    {
      side: order.side,
      limit,
      lots: parseUnits(order.lots),
      leverage: order.leverage,
      reserve: parseUnits(order.frozen),
    },
    fillPrice(rules.core, mark, order.side === 'long'),
    conv ?? undefined,
  );
}

/** One leveraged instrument's policy in one realm. */
export class PositionBookPolicy implements MarketPolicy<PositionTraded> {
  readonly product = 'positions';
  readonly channels: { trades: string; depth: string };
  /** What the last settle wrote, for `announce` (the engine runs them one after the other). */
  private settled: SettledBatch | undefined;
  /**
   * While the engine restores its orders after a restart: a resting entry rests again whatever the
   * price the market starts with (it may be old), and the next index tick fills it if reached.
   */
  restoring = false;

  constructor(
    private readonly ctx: AppContext,
    readonly symbol: string,
    readonly realm: Realm,
    private readonly rules: () => InstrumentRules,
    readonly positions: OpenPositions,
    private readonly mark: () => Units | undefined,
    private readonly events: PositionEvents,
    private readonly conversion: () => QuoteConversion | null,
  ) {
    // Fills against the dealer make no public tape or depth: internal channels nobody subscribes to.
    this.channels = {
      trades: `positions:trades:${symbol}:${realm}`,
      depth: `positions:depth:${symbol}:${realm}`,
    };
  }

  private get bus(): Bus {
    return this.ctx.bus;
  }

  newBook(): PendingBook {
    return new PendingBook();
  }

  enter(book: PendingBook, order: PositionOrderRow, _fresh: boolean): Matched<PositionFill> {
    const mark = this.mark();
    if (order.action === 'open') {
      if (order.type === 'limit') {
        if ((this.restoring && order.status === 'open') || !reached(this.rules(), order, mark)) {
          book.add(order);
          return { trades: [], rested: true };
        }
        return {
          trades: [this.positions.open(order, limitEntryPrice(this.rules(), order, mark, this.conversion()))],
        };
      }
      // A market order fills at the dealer price its reservation was made at.
      return { trades: [this.positions.open(order, parseUnits(order.price ?? '0'))] };
    }
    if (mark === undefined) return { trades: [{ kind: 'reject', order, reason: 'no_mark_price' }] };
    if (order.action === 'close') return { trades: [this.positions.close(order, mark)] };
    if (order.action === 'reverse') return { trades: [this.positions.reverse(order, mark)] };
    return { trades: [this.positions.liquidate(order, mark)] };
  }

  /** The live orders (oldest first); reloads the open positions from the database first. */
  async live(db: Db, upTo?: string): Promise<PositionOrderRow[]> {
    const open = await db.query<PositionRow>(
      `SELECT ${POSITION_COLUMNS} FROM positions WHERE symbol = $1 AND realm = $2 AND ${OPEN} ORDER BY positions.id`,
      [this.symbol, this.realm],
    );
    this.positions.load(open);
    const bounded = upTo === undefined ? '' : ' AND id <= $3::bigint';
    return db.query<PositionOrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM position_orders WHERE symbol = $1 AND realm = $2 AND ${LIVE}${bounded}
       ORDER BY position_orders.id`,
      upTo === undefined ? [this.symbol, this.realm] : [this.symbol, this.realm, upTo],
    );
  }

  async settle(q: Queryable, batch: MatchedBatch<PositionTraded>): Promise<Written<PositionTraded>> {
    this.settled = undefined;
    await takeFundingIn(q, batch.trades, this.rules().core);
    const settled = await settleFills(q, this.realm, batch.trades, this.ctx.clock.date(), (r) =>
      this.positions.named(r),
    );
    this.settled = settled;
    return { orders: settled.orders, balances: settled.balances };
  }

  cancel(q: Queryable, id: string): Promise<Written<PositionTraded> | undefined> {
    return cancelOrders(q, this.realm, [id], null, this.ctx.clock.date());
  }

  /**
   * After a failed batch: resting entries rest again; an order whose first match was the failed one
   * (the batch's new orders, a stored order never matched, an entry the mark has reached) is
   * cancelled and its funds released: nobody was told it was placed.
   */
  rebuild(live: PositionOrderRow[], fresh: Set<string>): { book: PendingBook; unmatched: string[] } {
    const book = new PendingBook();
    const unmatched: string[] = [];
    const mark = this.mark();
    for (const r of live) {
      if (fresh.has(r.id) || r.status === 'new' || reached(this.rules(), r, mark)) unmatched.push(r.id);
      else book.add(r);
    }
    return { book, unmatched };
  }

  cancelUnmatched(q: Queryable, ids: string[]): Promise<Written<PositionTraded>> {
    return cancelOrders(q, this.realm, ids, 'trading_unavailable', this.ctx.clock.date());
  }

  state(book: PendingBook): string[] {
    // Entries fill by the mark, not against each other: their order is the book's, oldest first.
    // Amounts in their shortest form: a request's "0.01" and the stored NUMERIC's 0.0100... are one amount.
    const amount = (text: string | null) => (text === null ? '-' : canonicalDecimal(text));
    return book
      .all()
      .map((o) =>
        [
          ...[o.id, o.user_id, o.side, o.action, o.position_id ?? '-', o.leverage],
          ...[o.lots, o.price, o.tp, o.sl, o.frozen].map(amount),
        ].join(' '),
      );
  }

  depth(book: PendingBook): { resting: number } {
    return { resting: book.size };
  }

  tradesMessage(): unknown {
    return [];
  }

  announce({ orders, balances }: Written<PositionTraded>): void {
    const settled = this.settled;
    this.settled = undefined;
    for (const o of orders)
      publishUserEvent(this.bus, o.user_id, { kind: 'positionOrder', order: toPositionOrder(o) });
    publishBalances(this.bus, balances);
    if (!settled) return;
    const mark = this.mark();
    const brackets = this.rules().core.brackets;
    for (const { position } of settled.positions)
      publishUserEvent(this.bus, position.user_id, {
        kind: 'position',
        position: toPosition(position, mark, brackets, this.conversion()),
      });
    this.events.emit(settled.positions, (err) => this.ctx.log.error({ err }, 'position listener failed'));
    if (settled.noticed.length > 0) void announceNotices(this.ctx, settled.noticed);
  }
}
