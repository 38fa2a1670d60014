import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { usersRoutes } from './routes.ts';

/** The user record: the transaction password and the profile (nickname, avatar). */
export function usersArea(ctx: AppContext): Area {
  return { name: 'users', routes: (app) => usersRoutes(app, ctx) };
}

/** The area as `areas.ts` lists it. */
export const usersModule: AreaModule = {
  tables: ['users', 'trade_password_failures'],
  shares: ['user_directory'],
  build: (ctx) => usersArea(ctx),
};
