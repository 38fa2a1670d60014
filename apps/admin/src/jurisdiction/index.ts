import type { AdminArea } from '../app/area.ts';
import { JurisdictionPage } from './JurisdictionPage.tsx';
import { jurisdictionTexts } from './texts.ts';

/** Rules by country (decision 0146). */
export const jurisdictionArea: AdminArea = {
  routes: [{ path: 'jurisdictions', Component: JurisdictionPage }],
  nav: [{ to: '/jurisdictions', label: jurisdictionTexts.jurisdiction.nav }],
};
