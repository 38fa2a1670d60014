import type { WebArea } from '../app/area.ts';
import { guarded, open } from '../app/route.ts';

/** The proof area: its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const proofArea = {
  routes: [
    // PRODUCT.md invariant 6: a user can check that their balance is in the published liabilities.
    guarded('/pages/assets/proof', 'proof.title'),
    // Public: anyone may note the heads down, to compare with a contract's verification later.
    open('/pages/assets/tickHeads', 'proof.ticks.title'),
  ],
  pages: {
    '/pages/assets/proof': () => import('./ProofPage.tsx'),
    '/pages/assets/tickHeads': () => import('./TickHeadsPage.tsx'),
  },
} satisfies WebArea;
