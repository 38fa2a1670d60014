import type { AreaPages } from '../app/route.ts';

/** The exchange area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const exchangePages: AreaPages = {
  '/pages/index/Exchange': () => import('./ExchangePage.tsx'),
  '/pages/index/ExchangeList': () => import('./ExchangeListPage.tsx'),
};
