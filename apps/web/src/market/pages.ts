import type { AreaPages } from '../app/route.ts';

/** The market area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const marketPages: AreaPages = {
  '/pages/index/quotation': () => import('./QuotationPage.tsx'),
  '/pages/index/search': () => import('./SearchPage.tsx'),
  '/pages/index/favorites': () => import('./FavoritesPage.tsx'),
};
