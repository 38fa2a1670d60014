import type { WebArea } from '../app/area.ts';
import { guarded } from '../app/route.ts';

/** The news area (news and announcements): its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const newsArea = {
  routes: [
    guarded('/pages/index/News', 'content.news.title'),
    guarded('/pages/index/newsDetails', 'content.newsDetail.title'),
  ],
  pages: {
    '/pages/index/News': () => import('./NewsPage.tsx'),
    '/pages/index/newsDetails': () => import('./NewsDetailsPage.tsx'),
  },
} satisfies WebArea;
