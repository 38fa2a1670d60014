import type { WebArea } from '../app/area.ts';
import { guarded } from '../app/route.ts';

/** The kyc area: its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const kycArea = {
  routes: [guarded('/pages/assets/auth', 'kyc.identity.title')],
  pages: {
    '/pages/assets/auth': () => import('./IdentityPage.tsx'),
  },
} satisfies WebArea;
