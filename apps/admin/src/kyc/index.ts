import type { AdminArea } from '../app/area.ts';
import { texts } from '../texts.ts';
import { KycApplicationPage } from './KycApplicationPage.tsx';
import { KycPage } from './KycPage.tsx';

/** Identity verification: the applications and each one's decision. */
export const kycArea: AdminArea = {
  routes: [
    { path: 'kyc', Component: KycPage },
    { path: 'kyc/:id', Component: KycApplicationPage },
  ],
  nav: [{ to: '/kyc', label: texts.kyc.nav }],
};
