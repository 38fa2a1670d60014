import type { WebArea } from '../app/area.ts';
import { open } from '../app/route.ts';

/** The spot area: its routes, the page of each (loaded when first visited) and its journal kinds' labels; app/areas.ts lists each area's. */
export const spotArea = {
  routes: [
    // The trading screens show public market data to guests; placing an order asks them to log in.
    open('/pages/index/buy', 'spot.trade.title', 'trade'),
  ],
  pages: {
    '/pages/index/buy': () => import('./BuyPage.tsx'),
  },
  journal: () => import('./journalLabels.ts'),
} satisfies WebArea;
