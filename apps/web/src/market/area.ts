import type { WebArea } from '../app/area.ts';
import { guarded, open } from '../app/route.ts';

/** The market area: its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const marketArea = {
  routes: [
    open('/pages/index/quotation', 'market.quotation.title', 'markets'),
    open('/pages/index/search', 'market.search.title'),
    guarded('/pages/index/favorites', 'market.favorites.title'),
  ],
  pages: {
    '/pages/index/quotation': () => import('./QuotationPage.tsx'),
    '/pages/index/search': () => import('./SearchPage.tsx'),
    '/pages/index/favorites': () => import('./FavoritesPage.tsx'),
  },
} satisfies WebArea;
