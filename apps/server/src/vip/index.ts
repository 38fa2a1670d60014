import type { AppContext } from '../context.ts';
import { type MarketHub, marketModule } from '../market/index.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { roles } from '../platform/roles.ts';
import { VipFees } from './fees.ts';
import { vipJobs } from './jobs.ts';
import { startVipCache } from './recompute.ts';
import { adminVipRoutes, vipRoutes } from './routes.ts';

export type { VipFees } from './fees.ts';

export type VipArea = Area & { fees: VipFees };

/** VIP fee levels by 30-day volume; `fees` gives the engines each user's rate. */
export function vipArea(ctx: AppContext, market: MarketHub): VipArea {
  const fees = new VipFees(ctx.db);
  return {
    name: 'vip',
    fees,
    // Levels are worked out (and cached) before any engine matches an order, then hourly by the job.
    start: () => startVipCache(ctx, fees, { recompute: roles.runsJobs(ctx.config.role) }),
    jobs: vipJobs(ctx, fees),
    routes: (app) => {
      vipRoutes(app, ctx, market);
      adminVipRoutes(app, ctx, fees);
    },
  };
}

/** The area as `areas.ts` lists it, on the market's prices. */
export const vipModule: AreaModule<VipArea> = {
  tables: ['vip_levels', 'vip_recompute'],

  build: (ctx, need) => vipArea(ctx, need(marketModule).hub),
};
