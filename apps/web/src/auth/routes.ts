import { open, type RouteMeta } from '../app/route.ts';

/** The auth area's routes (app/routes.ts lists each area's). */
export const authRoutes: readonly RouteMeta[] = [
  open('/pages/index/web', 'auth.noWallet.title'),
  open('/pages/login/login', 'auth.login.title'),
  open('/pages/login/register', 'auth.register.title'),
  open('/pages/login/forget', 'auth.forget.title'),
];
