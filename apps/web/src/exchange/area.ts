import type { WebArea } from '../app/area.ts';
import { guarded } from '../app/route.ts';

/** The exchange area: its routes, the page of each (loaded when first visited) and its journal kinds' labels; app/areas.ts lists each area's. */
export const exchangeArea = {
  routes: [
    guarded('/pages/index/Exchange', 'assets.exchange.title'),
    guarded('/pages/index/ExchangeList', 'assets.exchangeList.title'),
  ],
  pages: {
    '/pages/index/Exchange': () => import('./ExchangePage.tsx'),
    '/pages/index/ExchangeList': () => import('./ExchangeListPage.tsx'),
  },
  journal: () => import('./journalLabels.ts'),
} satisfies WebArea;
