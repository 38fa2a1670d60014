import type { AreaPages } from '../app/route.ts';

/** The spot area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const spotPages: AreaPages = {
  '/pages/index/buy': () => import('./BuyPage.tsx'),
};
