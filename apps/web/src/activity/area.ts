import type { WebArea } from '../app/area.ts';
import { guarded } from '../app/route.ts';

/** The activity area: its routes, the page of each (loaded when first visited) and its journal kinds' labels; app/areas.ts lists each area's. */
export const activityArea = {
  routes: [guarded('/pages/index/activity', 'activity.list.title')],
  pages: {
    '/pages/index/activity': () => import('./ActivityPage.tsx'),
  },
  journal: () => import('./journalLabels.ts'),
} satisfies WebArea;
