import type { WebArea } from '../app/area.ts';
import { open } from '../app/route.ts';

/** The perp area: its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const perpArea = {
  routes: [
    // The trading screens show public market data to guests; placing an order asks them to log in.
    open('/pages/index/Futures', 'perp.trade.title', 'futures'),
    open('/pages/index/FutureList', 'perp.list.title'),
    open('/pages/futures/heyueDetail', 'perp.detail.title'),
  ],
  pages: {
    '/pages/index/Futures': () => import('./FuturesPage.tsx'),
    '/pages/index/FutureList': () => import('./FutureListPage.tsx'),
    '/pages/futures/heyueDetail': () => import('./HeyueDetailPage.tsx'),
  },
} satisfies WebArea;
