import type { AppContext } from '../context.ts';
import type { MarketHub } from '../market/index.ts';
import type { Area } from '../platform/area.ts';
import { roles } from '../platform/roles.ts';
import { VipFees } from './fees.ts';
import { vipJobs } from './jobs.ts';
import { startVipCache } from './recompute.ts';
import { adminVipRoutes, vipRoutes } from './routes.ts';

export type { VipFees } from './fees.ts';

/** VIP fee levels by 30-day volume; `fees` gives the engines each user's rate. */
export function vipArea(ctx: AppContext, market: MarketHub): Area & { fees: VipFees } {
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
