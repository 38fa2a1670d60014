import type { AreaPages } from '../app/route.ts';

/** The vip area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const vipPages: AreaPages = {
  '/pages/index/vip': () => import('./VipPage.tsx'),
};
