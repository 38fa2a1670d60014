import type { AdminArea } from '../app/area.ts';
import { InstrumentsPage } from './InstrumentsPage.tsx';
import { marketTexts } from './texts.ts';

/** The market's instruments. */
export const marketArea: AdminArea = {
  routes: [{ path: 'instruments', Component: InstrumentsPage }],
  nav: [{ to: '/instruments', label: marketTexts.instruments.nav }],
};
