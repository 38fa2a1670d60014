import type { AreaPages } from '../app/route.ts';

/** The activity area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const activityPages: AreaPages = {
  '/pages/index/activity': () => import('./ActivityPage.tsx'),
};
