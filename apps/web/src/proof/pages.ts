import type { AreaPages } from '../app/route.ts';

/** The proof area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const proofPages: AreaPages = {
  '/pages/assets/proof': () => import('./ProofPage.tsx'),
};
