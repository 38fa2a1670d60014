import type { AdminArea } from '../app/area.ts';
import { usersTexts } from './texts.ts';
import { UsersPage } from './UsersPage.tsx';

/** The users list. */
export const usersArea: AdminArea = {
  routes: [{ path: 'users', Component: UsersPage }],
  nav: [{ to: '/users', label: usersTexts.users.nav }],
};
