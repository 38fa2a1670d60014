import { open, type RouteMeta } from '../app/route.ts';

/** The content area's routes (app/routes.ts lists each area's). */
export const contentRoutes: readonly RouteMeta[] = [
  open('/pages/index/News', 'content.news.title'),
  open('/pages/index/newsDetails', 'content.newsDetail.title'),
];
