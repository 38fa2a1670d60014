import type { WebArea } from '../app/area.ts';
import { guarded } from '../app/route.ts';

/** The positions area: its routes, the page of each (loaded when first visited) and its journal kinds' labels; app/areas.ts lists each area's. */
export const positionsArea = {
  routes: [
    guarded('/pages/index/Holding', 'positions.holding.title'),
    guarded('/pages/index/History', 'positions.history.title'),
  ],
  pages: {
    '/pages/index/Holding': () => import('./HoldingPage.tsx'),
    '/pages/index/History': () => import('./HistoryPage.tsx'),
  },
  journal: () => import('./journalLabels.ts'),
} satisfies WebArea;
