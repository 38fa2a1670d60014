import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/db.ts';
import type { Fence } from '../db/ownership.ts';
import type { MarketHub } from '../market/index.ts';
import type { Clock } from '../platform/clock.ts';
import type { BalanceAfter } from '../postings/index.ts';
import { bookKey } from '../trading/books.ts';
import { OrderIntake } from '../trading/intake.ts';
import { SpotEngine } from './engine.ts';
import type { OrderRequest } from './intake.ts';
import { liveOrdersByBook, spotIntake } from './policy.ts';
import type { OrderRow } from './rows.ts';
import type { FeeRates } from './settlement.ts';

/** One engine per spot market and realm: the live book and the demo book (PRODUCT.md §2.4). */
export class SpotEngines {
  private readonly engines = new Map<string, SpotEngine>();
  /** The way in for every order, to whichever engine. */
  readonly intake: OrderIntake<OrderRequest, OrderRow, BalanceAfter>;

  constructor(
    market: MarketHub,
    private readonly db: Db,
    bus: Bus,
    log: FastifyBaseLogger,
    fees: FeeRates,
    clock: Clock,
    /** The `spot-engines` role's fencing token: every write of the intake and the engines checks it. */
    readonly fence: Fence,
  ) {
    this.intake = new OrderIntake(spotIntake(bus), db, log, fence);
    for (const spec of market.instruments.values()) {
      if (spec.kind !== 'spot') continue;
      for (const realm of ['live', 'demo'] as const) {
        this.engines.set(
          bookKey(realm, spec.symbol),
          new SpotEngine(spec, realm, db, bus, log, fees, clock, fence),
        );
      }
    }
  }

  get(symbol: string, realm: 'live' | 'demo'): SpotEngine | undefined {
    return this.engines.get(bookKey(realm, symbol));
  }

  /** Every spot book's engine. */
  all(): IterableIterator<SpotEngine> {
    return this.engines.values();
  }

  async recover(): Promise<void> {
    const live = await liveOrdersByBook(this.db);
    for (const [key, engine] of this.engines) await engine.recover(live.get(key) ?? []);
  }

  /** Resolves once every engine has written what it was given (before the engines are given up). */
  async idle(): Promise<void> {
    await Promise.all([...this.all()].map((engine) => engine.idle()));
  }
}
