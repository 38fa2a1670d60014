import type { AppContext } from '../context.ts';
import { type MarketHub, marketModule } from '../market/index.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { roles } from '../platform/roles.ts';
import { alertsRoutes } from './routes.ts';
import { startAlertWatch } from './watch.ts';

export { startAlertWatch } from './watch.ts';

/**
 * Price alerts (issue 31; docs/decisions/0160-price-alerts.md): a user's thresholds on index
 * prices, watched in memory by the process that may run the feed and told once as a notification.
 */
export function alertsArea(ctx: AppContext, hub: MarketHub): Area {
  return {
    name: 'alerts',
    routes: (app) => alertsRoutes(app, ctx, hub),
    // Only a process that may run the feed evaluates (it skips ticks heard from the bus); an api or
    // worker process takes requests and says what changed on the bus.
    start: async () => {
      if (!roles.mayOwnEngines(ctx.config.role)) return undefined;
      const { stop } = await startAlertWatch(ctx, hub);
      return stop;
    },
  };
}

/** The area as `areas.ts` lists it. */
export const alertsModule: AreaModule = {
  tables: ['price_alerts'],
  build: (ctx, need) => alertsArea(ctx, need(marketModule).hub),
};
