import { guarded, open, type RouteMeta } from '../app/route.ts';

/** The seconds area's routes (app/routes.ts lists each area's). */
export const secondsRoutes: readonly RouteMeta[] = [
  // The trading screens show public market data to guests; placing an order asks them to log in.
  open('/pages/index/Options', 'seconds.trade.title'),
  guarded('/pages/futures/OptionOrder', 'seconds.orders.title'),
];
