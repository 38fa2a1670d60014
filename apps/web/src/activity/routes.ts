import { guarded, type RouteMeta } from '../app/route.ts';

/** The activity area's routes (app/routes.ts lists each area's). */
export const activityRoutes: readonly RouteMeta[] = [guarded('/pages/index/activity', 'activity.list.title')];
