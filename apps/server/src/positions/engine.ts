import { parseUnits, type QuoteConversion, type Units } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { AppContext } from '../context.ts';
import type { Fence } from '../db/ownership.ts';
import type { MarketHub } from '../market/index.ts';
import { TradingEngine } from '../trading/engine.ts';
import type { PositionEvents } from './events.ts';
import { PositionBookPolicy, type PositionTraded, reached } from './policy.ts';
import { conversionOf } from './quote.ts';
import type { PositionOrderRow, PositionRow } from './rows.ts';
import type { InstrumentRules } from './rules.ts';
import { OpenPositions } from './state.ts';

/**
 * The single writer of one leveraged instrument in one realm: the pipeline's engine on positions'
 * policy. Its "book" holds the resting limit entries; it knows the open positions (and so the
 * dealer's exposure), and every fill, close, reverse and liquidation of the instrument goes
 * through it, one batch at a time.
 */
export class PositionEngine extends TradingEngine<PositionTraded> {
  readonly positions: OpenPositions;
  readonly product: 'perp' | 'cfd';

  constructor(
    ctx: AppContext,
    readonly symbol: string,
    readonly realm: Realm,
    readonly rules: () => InstrumentRules,
    private readonly market: MarketHub,
    events: PositionEvents,
    fence: Fence,
  ) {
    const conversion = () => conversionOf(rules().instrument, (s) => market.price(s));
    const positions = new OpenPositions(rules, () => ctx.clock.date(), conversion);
    const mark = () => {
      const p = market.price(symbol);
      return p === undefined ? undefined : parseUnits(p);
    };
    super(
      new PositionBookPolicy(ctx, symbol, realm, rules, positions, mark, events, conversion),
      ctx.db,
      ctx.bus,
      ctx.log,
      fence,
    );
    this.positions = positions;
    this.product = rules().instrument.kind === 'perp' ? 'perp' : 'cfd';
  }

  /** The index price now (the mark), if the feed has one. */
  mark(): Units | undefined {
    const p = this.market.price(this.symbol);
    return p === undefined ? undefined : parseUnits(p);
  }

  /** The quote currency's conversion to USDT now (null while its USD leg has no price). */
  conversion(): QuoteConversion | null {
    return conversionOf(this.rules().instrument, (s) => this.market.price(s));
  }

  /** The resting limit entries, oldest first. */
  entries(): PositionOrderRow[] {
    return this.book.all();
  }

  /**
   * After a restart: resting entries rest again as they were (the next tick fills those reached).
   * `live` and `open`, when given, are this book's live orders and open positions as read for every
   * book at once; without them the book reads its own.
   */
  override async recover(live?: PositionOrderRow[], open?: PositionRow[]): Promise<void> {
    const policy = this.policy as PositionBookPolicy;
    policy.restoring = true;
    try {
      const given = live !== undefined && open !== undefined;
      if (given) policy.positions.load(open);
      await super.recover(given ? live : undefined);
    } finally {
      policy.restoring = false;
    }
  }

  /** Runs `task` as this book's writer: nothing of this instrument and realm settles meanwhile. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return this.serial(task);
  }

  /**
   * An index tick: the resting entries whose price the mark has reached come off the book and are
   * matched (as a recovered order is: filled now if still reached, else back on the book).
   */
  onMark(mark: Units): void {
    const rules = this.rules();
    for (const o of this.book.all()) {
      if (!reached(rules, o, mark)) continue;
      this.book.cancel(o.id);
      // A failed batch is logged by the engine, which rebuilds the book: the entry rests again or is cancelled.
      this.match(o, false).catch(() => undefined);
    }
  }
}
