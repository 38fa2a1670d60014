import type { WebArea } from '../app/area.ts';
import { guarded } from '../app/route.ts';

/** The earn area: its routes, the page of each (loaded when first visited) and its journal kinds' labels; app/areas.ts lists each area's. */
export const earnArea = {
  routes: [guarded('/pages/earn/escrowOrders', 'earn.escrowOrders.title')],
  pages: {
    '/pages/earn/escrowOrders': () => import('./EscrowOrdersPage.tsx'),
  },
  journal: () => import('./journalLabels.ts'),
} satisfies WebArea;
