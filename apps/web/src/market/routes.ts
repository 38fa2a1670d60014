import { guarded, open, type RouteMeta } from '../app/route.ts';

/** The market area's routes (app/routes.ts lists each area's). */
export const marketRoutes: readonly RouteMeta[] = [
  open('/pages/index/quotation', 'market.quotation.title', 'markets'),
  open('/pages/index/search', 'market.search.title'),
  guarded('/pages/index/favorites', 'market.favorites.title'),
];
