import { createRng, parseUnits, type Rng } from '@otc/core';
import type { AppContext } from '../context.ts';
import type { MarketHub } from '../market/index.ts';
import type { Stop } from '../platform/area.ts';
import { repeat } from '../platform/repeat.ts';
import { ensureSystemUser } from '../users/index.ts';
import type { SpotEngines } from './engines.ts';
import { fundOnce } from './market-maker.ts';

/**
 * The demo realm's simulated crowd (issue 13): a system user of the demo realm that now and then
 * sends a small market order to a demo book, through the same intake as any user, so the demo
 * tapes are not empty. It is simulated activity, documented as such (README, docs/decisions/0024-demo-crowd.md); it
 * never trades on the live realm, where every trade has a real taker. Its choices come from a
 * seeded generator: they are no secret, only varied.
 */
export const CROWD = {
  everyMs: 2000,
  /** The value of one order in quote, drawn between these (whole quote units). */
  minValue: 10,
  maxValue: 250,
  inventory: parseUnits('1000000'),
};

export class DemoCrowd {
  private running = false;

  private constructor(
    private readonly ctx: AppContext,
    private readonly engines: SpotEngines,
    private readonly market: MarketHub,
    private readonly userId: string,
    private readonly rng: Rng,
  ) {}

  /** Finds or creates the crowd's demo account and funds it on first start. */
  static async create(
    ctx: AppContext,
    engines: SpotEngines,
    market: MarketHub,
    seed: string,
  ): Promise<DemoCrowd> {
    const userId = await ensureSystemUser(ctx, 'demo', 'Demo crowd', 'DEMOCROWD');
    await fundOnce(ctx, market, { realm: 'demo', userId, kind: 'crowd.fund', inventory: CROWD.inventory });
    return new DemoCrowd(ctx, engines, market, userId, createRng(`${seed}|demo-crowd`));
  }

  start(): Stop {
    return repeat(() => this.tick(), CROWD.everyMs);
  }

  /**
   * One order: a demo book picked at random, buy or sell, worth `minValue` to `maxValue` at the best
   * price it meets. A book that is closed, empty on that side or would be below its minimum is left
   * alone this round; an order the intake refuses (the crowd's balance ran short) is only logged.
   * Returns the id of the order sent, if one was.
   */
  async tick(): Promise<string | undefined> {
    if (this.running) return undefined;
    this.running = true;
    try {
      const spots = [...this.market.instruments.values()].filter((s) => s.kind === 'spot');
      const spec = spots[Math.floor(this.rng.next() * spots.length)];
      const side = this.rng.next() < 0.5 ? 'buy' : 'sell';
      const value = BigInt(
        CROWD.minValue + Math.floor(this.rng.next() * (CROWD.maxValue - CROWD.minValue + 1)),
      );
      if (!spec || this.market.status(spec.symbol).status !== 'open') return undefined;
      const engine = this.engines.get(spec.symbol, 'demo');
      const best = side === 'buy' ? engine?.bestAsk() : engine?.bestBid();
      if (!engine || best === undefined) return undefined;
      const lots = (value * 10n ** 18n) / (best * engine.spec.quotePerTickLot);
      if (lots <= 0n || best * lots < engine.spec.minTickLots) return undefined;
      const placed = await this.engines.intake.submit({
        userId: this.userId,
        engine,
        order: { side, type: 'market', ticks: undefined, lots },
      });
      return placed.id;
    } catch (err) {
      this.ctx.log.warn({ err }, 'demo crowd order refused');
      return undefined;
    } finally {
      this.running = false;
    }
  }
}
