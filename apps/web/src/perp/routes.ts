import { open, type RouteMeta } from '../app/route.ts';

/** The perp area's routes (app/routes.ts lists each area's). */
export const perpRoutes: readonly RouteMeta[] = [
  // The trading screens show public market data to guests; placing an order asks them to log in.
  open('/pages/index/Futures', 'perp.trade.title', 'futures'),
  open('/pages/index/FutureList', 'perp.list.title'),
  open('/pages/futures/heyueDetail', 'perp.detail.title'),
];
