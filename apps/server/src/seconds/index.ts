import { SECONDS_DEFAULT_PERIODS } from '@otc/protocol/seconds/constants';
import type { AppContext } from '../context.ts';
import { type Jurisdictions, jurisdictionModule } from '../jurisdiction/index.ts';
import { type MarketHub, marketModule } from '../market/index.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { roles } from '../platform/roles.ts';
import { secondsAdminRoutes } from './admin-routes.ts';
import { checkSecondsOrders, secondsFrozen } from './check.ts';
import { secondsJobs } from './jobs.ts';
import { seedPeriods } from './queries.ts';
import { secondsRoutes } from './routes.ts';
import { SecondsService } from './service.ts';
import { startSettler } from './settler.ts';

/**
 * Seconds contracts (issue 17): up or down over 30 s to 5 min on a crypto pair's index, the buy
 * price the first index tick after acceptance, the settlement the last tick at or before delivery,
 * both stored with the contract; paid by or to the platform's dealer account. Prices alone decide.
 */
export function secondsArea(ctx: AppContext, market: MarketHub, jurisdictions: Jurisdictions): Area {
  const service = new SecondsService(ctx, market, jurisdictions);
  return {
    name: 'seconds',
    seed: () => seedPeriods(ctx.db, SECONDS_DEFAULT_PERIODS),
    routes: (app) => {
      secondsRoutes(app, service);
      secondsAdminRoutes(app, ctx, market);
    },
    jobs: secondsJobs(ctx),
    // The fast path runs beside the engines; the job catches up wherever jobs run.
    background: () => (roles.mayOwnEngines(ctx.config.role) ? startSettler(ctx) : undefined),
  };
}

/** The area as `areas.ts` lists it: on the market's prices; it checks its contracts' stakes. */
export const secondsModule: AreaModule = {
  tables: ['seconds_settings', 'seconds_periods', 'seconds_orders'],

  build: (ctx, need) => secondsArea(ctx, need(marketModule).hub, need(jurisdictionModule).rules),
  ledgerCheck: checkSecondsOrders,
  frozenHolders: secondsFrozen,
};
