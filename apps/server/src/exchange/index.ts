import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { exchangeRoutes } from './routes.ts';

/** Flash exchange between assets at the index price less a disclosed spread. */
export function exchangeArea(ctx: AppContext): Area {
  return { name: 'exchange', routes: (app) => exchangeRoutes(app, ctx) };
}

/** The area as `areas.ts` lists it. */
export const exchangeModule: AreaModule = {
  tables: ['exchanges', 'exchange_quotes'],
  build: (ctx) => exchangeArea(ctx),
};
