import { guarded, type RouteMeta } from '../app/route.ts';

/** The positions area's routes (app/routes.ts lists each area's). */
export const positionsRoutes: readonly RouteMeta[] = [
  guarded('/pages/index/Holding', 'positions.holding.title'),
  guarded('/pages/index/History', 'positions.history.title'),
];
