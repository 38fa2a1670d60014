import type { AreaPages } from '../app/route.ts';

/** The notifications area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const notificationsPages: AreaPages = {
  '/pages/assets/xiaoxitongzhi': () => import('./NoticesPage.tsx'),
  '/pages/assets/xiaoxitongzhiDetails': () => import('./NoticeDetailsPage.tsx'),
};
