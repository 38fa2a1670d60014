import type { AppContext } from '../context.ts';
import { Fence } from '../db/ownership.ts';
import { type MarketHub, marketModule } from '../market/index.ts';
import type { Area, AreaModule, Stop } from '../platform/area.ts';
import { takeEngines } from '../trading/ownership.ts';
import { type VipFees, vipModule } from '../vip/index.ts';
import { checkSpotOrders, spotFrozen } from './check.ts';
import { DemoCrowd } from './demo-crowd.ts';
import { SpotDesk } from './desk.ts';
import { SpotEngines } from './engines.ts';
import { MarketMaker } from './market-maker.ts';
import { spotRoutes } from './routes.ts';

export interface SpotArea extends Area {
  /** The engines and the desk that reaches them, once the area has started. */
  readonly engines: SpotEngines;
  readonly desk: SpotDesk;
}

/**
 * Spot trading: the group-commit intake, one engine per book, the owner-forwarding desk and the
 * market maker. The engines are built when the area starts, once the market knows its instruments.
 */
export function spotArea(ctx: AppContext, market: MarketHub, fees: VipFees): SpotArea {
  let engines: SpotEngines | undefined;
  let desk: SpotDesk | undefined;
  const started = <T>(x: T | undefined): T => {
    if (!x) throw new Error('the spot area has not started');
    return x;
  };
  return {
    name: 'spot',
    get engines() {
      return started(engines);
    },
    get desk() {
      return started(desk);
    },
    start: async () => {
      const fence = new Fence('spot-engines');
      engines = new SpotEngines(market, ctx.db, ctx.bus, ctx.log, fees, ctx.clock, fence);
      const d = new SpotDesk(ctx, engines, market, ctx.bus, ctx.log);
      desk = d;
      const stops: Stop[] = [() => d.close()];
      await takeEngines(ctx, fence, d, (stop) => stops.push(stop));
      return async () => {
        for (const stop of stops) await stop();
      };
    },
    routes: (app) => spotRoutes(app, ctx, started(desk)),
    background: () => {
      if (ctx.config.marketFeed === 'off') return undefined;
      // The market maker trades through the engines, so it runs where they run (and starts there on a takeover).
      const stops: Stop[] = [];
      let stopping = false;
      let making: Promise<void> | undefined;
      const d = started(desk);
      void d.owned.then(() => {
        making = (async () => {
          const maker = await MarketMaker.create(ctx, started(engines), market);
          // The demo realm's simulated takers (documented as simulated); never on the live realm.
          const crowd = ctx.config.demoCrowd
            ? await DemoCrowd.create(ctx, started(engines), market, ctx.config.marketSeed)
            : undefined;
          // Stopped while they were being made (a shutdown right after a start): they never start.
          if (stopping) return;
          stops.push(maker.start());
          if (crowd) stops.push(crowd.start());
        })();
        return making;
      });
      return async () => {
        stopping = true;
        // A process that never took the engines made nothing: there is nothing to wait for.
        await making?.catch(() => undefined);
        for (const stop of stops) await stop();
      };
    },
  };
}

/** The area as `areas.ts` lists it: on the market's prices and the VIP fees; it checks its orders' freezes. */
export const spotModule: AreaModule<SpotArea> = {
  tables: ['spot_orders', 'spot_trades'],
  shares: ['spot_fills'],

  build: (ctx, need) => spotArea(ctx, need(marketModule).hub, need(vipModule).fees),
  ledgerCheck: checkSpotOrders,
  frozenHolders: spotFrozen,
};
