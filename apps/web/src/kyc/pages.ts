import type { AreaPages } from '../app/route.ts';

/** The kyc area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const kycPages: AreaPages = {
  '/pages/assets/auth': () => import('./IdentityPage.tsx'),
};
