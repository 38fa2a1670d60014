import { guarded, type RouteMeta } from '../app/route.ts';

/** The exchange area's routes (app/routes.ts lists each area's). */
export const exchangeRoutes: readonly RouteMeta[] = [
  guarded('/pages/index/Exchange', 'assets.exchange.title'),
  guarded('/pages/index/ExchangeList', 'assets.exchangeList.title'),
];
