import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { commonRoutes } from './routes.ts';

export { APP_VERSION } from './routes.ts';

/** Public settings and the health check. */
export function commonArea(ctx: AppContext): Area {
  return { name: 'common', routes: (app) => commonRoutes(app, ctx) };
}

/** The area as `areas.ts` lists it. */
export const commonModule: AreaModule = { build: (ctx) => commonArea(ctx) };
