import type { AdminArea } from '../app/area.ts';
import { LoginPage } from './LoginPage.tsx';

/** Signing in. */
export const authArea: AdminArea = {
  publicRoutes: [{ path: '/login', Component: LoginPage }],
};
