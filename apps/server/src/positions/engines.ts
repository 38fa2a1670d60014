import { parseUnits } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { AppContext } from '../context.ts';
import { Fence } from '../db/ownership.ts';
import type { MarketHub } from '../market/index.ts';
import type { BalanceAfter } from '../postings/index.ts';
import { bookKey } from '../trading/books.ts';
import { OrderIntake } from '../trading/intake.ts';
import { PositionEngine } from './engine.ts';
import type { PositionEvents } from './events.ts';
import type { OpenRequest } from './intake.ts';
import { openBooks, positionIntake } from './policy.ts';
import { settleMisvalued } from './revalue.ts';
import type { PositionOrderRow } from './rows.ts';
import { type InstrumentRules, instrumentRules, loadPositionRules } from './rules.ts';

/**
 * One engine per leveraged instrument (perpetual or CFD) and realm: live and demo positions never
 * meet (PRODUCT.md: demo never touches live). The rules are read at start and again on `reload`
 * (an operator's edit).
 */
export class PositionEngines {
  private readonly engines = new Map<string, PositionEngine>();
  private readonly rules = new Map<string, InstrumentRules>();
  readonly intake: OrderIntake<OpenRequest, PositionOrderRow, BalanceAfter>;
  /** The `position-engines` role's fencing token: every write of the intake and the engines checks it. */
  readonly fence = new Fence('position-engines');

  private constructor(
    private readonly ctx: AppContext,
    private readonly market: MarketHub,
    events: PositionEvents,
    rules: Map<string, InstrumentRules>,
  ) {
    this.intake = new OrderIntake(positionIntake(ctx), ctx.db, ctx.log, this.fence);
    for (const [symbol, r] of rules) {
      this.rules.set(symbol, r);
      const current = () => this.rules.get(symbol) as InstrumentRules;
      for (const realm of ['live', 'demo'] as const)
        this.engines.set(
          bookKey(realm, symbol),
          new PositionEngine(ctx, symbol, realm, current, market, events, this.fence),
        );
    }
  }

  static async create(ctx: AppContext, market: MarketHub, events: PositionEvents): Promise<PositionEngines> {
    return new PositionEngines(ctx, market, events, await readRules(ctx, market));
  }

  get(symbol: string, realm: Realm): PositionEngine | undefined {
    return this.engines.get(bookKey(realm, symbol));
  }

  rulesOf(symbol: string): InstrumentRules | undefined {
    return this.rules.get(symbol);
  }

  all(): IterableIterator<PositionEngine> {
    return this.engines.values();
  }

  /** Takes an operator's edit of the rules (or of an instrument) into the engines. */
  async reload(): Promise<void> {
    for (const [symbol, r] of await readRules(this.ctx, this.market)) this.rules.set(symbol, r);
  }

  async recover(): Promise<void> {
    // Positions opened under issue 23's wrong valuation are settled before any book reads them.
    const settled = await settleMisvalued(this.ctx.db, this.ctx.clock.date());
    if (settled > 0) this.ctx.log.warn({ settled }, 'positions opened under the wrong valuation settled');
    const books = await openBooks(this.ctx.db);
    for (const [key, engine] of this.engines)
      await engine.recover(books.orders.get(key) ?? [], books.positions.get(key) ?? []);
  }

  /** Resolves once every engine has written what it was given (before the engines are given up). */
  async idle(): Promise<void> {
    await Promise.all([...this.all()].map((engine) => engine.idle()));
  }

  /** Every index tick reaches the engines of its instrument: resting entries the mark reached fill. */
  follow(): () => void {
    return this.market.onIndexTick((tick) => {
      for (const realm of ['live', 'demo'] as const)
        this.get(tick.symbol, realm)?.onMark(parseUnits(tick.price));
    });
  }
}

async function readRules(ctx: AppContext, market: MarketHub): Promise<Map<string, InstrumentRules>> {
  const rows = await loadPositionRules(ctx.db);
  const out = new Map<string, InstrumentRules>();
  for (const [symbol, row] of rows) {
    const instrument = market.instruments.get(symbol);
    if (instrument && (instrument.kind === 'perp' || instrument.kind === 'cfd'))
      out.set(symbol, instrumentRules(instrument, row));
  }
  return out;
}
