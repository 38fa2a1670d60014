import type { WebArea } from '../app/area.ts';
import { open } from '../app/route.ts';

/** The news area (news and announcements): its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const newsArea = {
  routes: [
    open('/pages/index/News', 'content.news.title'),
    open('/pages/index/newsDetails', 'content.newsDetail.title'),
  ],
  pages: {
    '/pages/index/News': () => import('./NewsPage.tsx'),
    '/pages/index/newsDetails': () => import('./NewsDetailsPage.tsx'),
  },
} satisfies WebArea;
