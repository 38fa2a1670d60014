import { guarded, type RouteMeta } from '../app/route.ts';

/** The vip area's routes (app/routes.ts lists each area's). */
export const vipRoutes: readonly RouteMeta[] = [guarded('/pages/index/vip', 'vip.title')];
