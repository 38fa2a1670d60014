import { guarded, type RouteMeta } from '../app/route.ts';

/** The notifications area's routes (app/routes.ts lists each area's). */
export const notificationsRoutes: readonly RouteMeta[] = [
  guarded('/pages/assets/xiaoxitongzhi', 'notifications.inbox.title'),
  guarded('/pages/assets/xiaoxitongzhiDetails', 'notifications.detail.title'),
];
