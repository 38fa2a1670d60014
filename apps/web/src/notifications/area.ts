import type { WebArea } from '../app/area.ts';
import { guarded } from '../app/route.ts';

/** The notifications area: its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const notificationsArea = {
  routes: [
    guarded('/pages/assets/xiaoxitongzhi', 'notifications.inbox.title'),
    guarded('/pages/assets/xiaoxitongzhiDetails', 'notifications.detail.title'),
  ],
  pages: {
    '/pages/assets/xiaoxitongzhi': () => import('./NoticesPage.tsx'),
    '/pages/assets/xiaoxitongzhiDetails': () => import('./NoticeDetailsPage.tsx'),
  },
} satisfies WebArea;
