import type { AppContext } from '../context.ts';
import type { Area } from '../platform/area.ts';
import { usersRoutes } from './routes.ts';

/** The user record: the transaction password and the profile (nickname, avatar). */
export function usersArea(ctx: AppContext): Area {
  return { name: 'users', routes: (app) => usersRoutes(app, ctx) };
}
