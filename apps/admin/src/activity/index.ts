import type { AdminArea } from '../app/area.ts';
import { ActivitiesPage } from './ActivitiesPage.tsx';
import { activityTexts } from './texts.ts';

/** Deposit-bonus activities. */
export const activityArea: AdminArea = {
  routes: [{ path: 'activity', Component: ActivitiesPage }],
  nav: [{ to: '/activity', label: activityTexts.activity.nav }],
};
