import { open, type RouteMeta } from '../app/route.ts';

/** The location area's routes, added by the seed's framework (app/routes.ts lists each area's). */
export const locationRoutes: readonly RouteMeta[] = [
  open('/choose-location', 'location.choose.title'),
  open('/open-location', 'location.open.title'),
];
