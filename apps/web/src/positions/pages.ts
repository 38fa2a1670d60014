import type { AreaPages } from '../app/route.ts';

/** The positions area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const positionsPages: AreaPages = {
  '/pages/index/Holding': () => import('./HoldingPage.tsx'),
  '/pages/index/History': () => import('./HistoryPage.tsx'),
};
