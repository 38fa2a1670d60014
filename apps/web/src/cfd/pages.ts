import type { AreaPages } from '../app/route.ts';

/** The cfd area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const cfdPages: AreaPages = {
  '/pages/index/Stock': () => import('./StockPage.tsx'),
  '/pages/option/stocksDetail': () => import('./StocksDetailPage.tsx'),
  '/pages/futures/StockOrders': () => import('./StockOrdersPage.tsx'),
};
