import { guarded, type RouteMeta } from '../app/route.ts';

/** The settings area's routes (app/routes.ts lists each area's). */
export const usersRoutes: readonly RouteMeta[] = [
  guarded('/pages/assets/anquanzhongxin', 'settings.security.title'),
  guarded('/pages/assets/shezhi', 'settings.main.title'),
  guarded('/pages/assets/xiugaimima', 'settings.changePassword.title'),
];
