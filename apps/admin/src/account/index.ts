import type { AdminArea } from '../app/area.ts';
import { PasswordPage } from './PasswordPage.tsx';

/** The operator's own account (its link sits in the top bar). */
export const accountArea: AdminArea = {
  routes: [{ path: 'account/password', Component: PasswordPage }],
};
