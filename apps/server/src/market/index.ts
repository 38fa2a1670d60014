import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { marketAdminRoutes } from './admin-routes.ts';
import { seedCatalogue } from './catalogue.ts';
import { MarketHub } from './hub.ts';
import { marketJobs } from './jobs.ts';
import { marketRoutes } from './routes.ts';
import { startMarket } from './start.ts';

export type { IndexTick, MarketHub } from './hub.ts';
export type { InstrumentSpec } from './instruments.ts';
export { indexPrices } from './prices.ts';
export { type TickStretch, tickStretch } from './tick-chain.ts';

export type MarketArea = Area & { hub: MarketHub };

/** Instruments, the index price feed, candles and tickers; the hub other areas read prices from. */
export function marketArea(ctx: AppContext): MarketArea {
  // Sessions, staleness, candles' buckets and tick times follow the platform clock.
  const hub = new MarketHub(ctx.db, ctx.bus, ctx.log, () => ctx.clock.now());
  return {
    name: 'market',
    hub,
    seed: () => seedCatalogue(ctx.db),
    start: async () => {
      await hub.init();
      return undefined;
    },
    routes: (app) => {
      marketRoutes(app, ctx, hub);
      marketAdminRoutes(app, ctx, hub);
    },
    background: () => startMarket(ctx, hub),
    jobs: marketJobs(),
  };
}

/** The area as `areas.ts` lists it. */
export const marketModule: AreaModule<MarketArea> = {
  tables: [
    'instruments',
    'index_prices',
    'index_ticks',
    'tick_chain_heads',
    'candles',
    'market_history',
    'user_favorites',
  ],
  shares: ['instrument_catalogue', 'index_history'],
  build: (ctx) => marketArea(ctx),
};
