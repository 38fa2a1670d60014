import type { AdminArea } from '../app/area.ts';
import { texts } from '../texts.ts';
import { SecondsPage } from './SecondsPage.tsx';

/** Seconds contracts. */
export const secondsArea: AdminArea = {
  routes: [{ path: 'seconds', Component: SecondsPage }],
  nav: [{ to: '/seconds', label: texts.seconds.nav }],
};
