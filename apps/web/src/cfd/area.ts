import type { WebArea } from '../app/area.ts';
import { guarded, open } from '../app/route.ts';

/** The cfd area: its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const cfdArea = {
  routes: [
    open('/pages/index/Stock', 'cfd.list.title'),
    open('/pages/option/stocksDetail', 'cfd.detail.title'),
    guarded('/pages/futures/StockOrders', 'cfd.orders.title'),
  ],
  pages: {
    '/pages/index/Stock': () => import('./StockPage.tsx'),
    '/pages/option/stocksDetail': () => import('./StocksDetailPage.tsx'),
    '/pages/futures/StockOrders': () => import('./StockOrdersPage.tsx'),
  },
} satisfies WebArea;
