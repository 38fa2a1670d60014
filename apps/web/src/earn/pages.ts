import type { AreaPages } from '../app/route.ts';

/** The earn area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const earnPages: AreaPages = {
  '/pages/earn/escrowOrders': () => import('./EscrowOrdersPage.tsx'),
};
