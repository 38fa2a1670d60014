import { open, type RouteMeta } from '../app/route.ts';

/** The spot area's routes (app/routes.ts lists each area's). */
export const spotRoutes: readonly RouteMeta[] = [
  // The trading screens show public market data to guests; placing an order asks them to log in.
  open('/pages/index/buy', 'spot.trade.title', 'trade'),
];
