import type { AreaPages, PageLoader } from '../app/route.ts';

/** Home, at both of the seed's home routes (one loader, so the router tells it apart). */
export const homePage: PageLoader = () => import('./HomePage.tsx');

/** The home area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const homePages: AreaPages = {
  '/': homePage,
  '/pages/index/index': homePage,
};
