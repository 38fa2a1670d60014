import { guarded, open, type RouteMeta } from '../app/route.ts';

/** The cfd area's routes (app/routes.ts lists each area's). */
export const cfdRoutes: readonly RouteMeta[] = [
  open('/pages/index/Stock', 'cfd.list.title'),
  open('/pages/option/stocksDetail', 'cfd.detail.title'),
  guarded('/pages/futures/StockOrders', 'cfd.orders.title'),
];
