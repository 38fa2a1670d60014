import { guarded, type RouteMeta } from '../app/route.ts';

/** The earn area's routes (app/routes.ts lists each area's). */
export const earnRoutes: readonly RouteMeta[] = [
  guarded('/pages/earn/escrowOrders', 'earn.escrowOrders.title'),
];
