import type { AdminArea } from '../app/area.ts';
import { SecondsPage } from './SecondsPage.tsx';
import { secondsTexts } from './texts.ts';

/** Seconds contracts. */
export const secondsArea: AdminArea = {
  routes: [{ path: 'seconds', Component: SecondsPage }],
  nav: [{ to: '/seconds', label: secondsTexts.seconds.nav }],
};
