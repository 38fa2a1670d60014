import type { AdminArea } from '../app/area.ts';
import { texts } from '../texts.ts';
import { InstrumentsPage } from './InstrumentsPage.tsx';

/** The market's instruments. */
export const marketArea: AdminArea = {
  routes: [{ path: 'instruments', Component: InstrumentsPage }],
  nav: [{ to: '/instruments', label: texts.instruments.nav }],
};
