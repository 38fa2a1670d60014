import type { WebArea } from '../app/area.ts';
import { guarded } from '../app/route.ts';

/** The activity area: its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const activityArea = {
  routes: [guarded('/pages/index/activity', 'activity.list.title')],
  pages: {
    '/pages/index/activity': () => import('./ActivityPage.tsx'),
  },
} satisfies WebArea;
