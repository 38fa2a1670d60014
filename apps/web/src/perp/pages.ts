import type { AreaPages } from '../app/route.ts';

/** The perp area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const perpPages: AreaPages = {
  '/pages/index/Futures': () => import('./FuturesPage.tsx'),
  '/pages/index/FutureList': () => import('./FutureListPage.tsx'),
  '/pages/futures/heyueDetail': () => import('./HeyueDetailPage.tsx'),
};
