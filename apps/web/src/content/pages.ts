import type { AreaPages } from '../app/route.ts';

/** The content area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const contentPages: AreaPages = {
  '/pages/index/News': () => import('./NewsPage.tsx'),
  '/pages/index/newsDetails': () => import('./NewsDetailsPage.tsx'),
};
