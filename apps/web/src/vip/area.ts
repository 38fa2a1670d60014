import type { WebArea } from '../app/area.ts';
import { guarded } from '../app/route.ts';

/** The vip area: its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const vipArea = {
  routes: [guarded('/pages/index/vip', 'vip.title')],
  pages: {
    '/pages/index/vip': () => import('./VipPage.tsx'),
  },
} satisfies WebArea;
