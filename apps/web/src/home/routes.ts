import { open, type RouteMeta } from '../app/route.ts';

/** The home area's routes (app/routes.ts lists each area's). */
export const homeRoutes: readonly RouteMeta[] = [
  open('/', 'home.title', 'home'),
  open('/pages/index/index', 'home.title', 'home'),
];
