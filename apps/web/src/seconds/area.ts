import type { WebArea } from '../app/area.ts';
import { guarded, open } from '../app/route.ts';

/** The seconds area: its routes, the page of each (loaded when first visited) and its journal kinds' labels; app/areas.ts lists each area's. */
export const secondsArea = {
  routes: [
    // The trading screens show public market data to guests; placing an order asks them to log in.
    open('/pages/index/Options', 'seconds.trade.title'),
    guarded('/pages/futures/OptionOrder', 'seconds.orders.title'),
  ],
  pages: {
    '/pages/index/Options': () => import('./OptionsPage.tsx'),
    '/pages/futures/OptionOrder': () => import('./OptionOrderPage.tsx'),
  },
  journal: () => import('./journalLabels.ts'),
} satisfies WebArea;
