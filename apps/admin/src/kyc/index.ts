import type { AdminArea } from '../app/area.ts';
import { KycApplicationPage } from './KycApplicationPage.tsx';
import { KycPage } from './KycPage.tsx';
import { kycTexts } from './texts.ts';

/** Identity verification: the applications and each one's decision. */
export const kycArea: AdminArea = {
  routes: [
    { path: 'kyc', Component: KycPage },
    { path: 'kyc/:id', Component: KycApplicationPage },
  ],
  nav: [{ to: '/kyc', label: kycTexts.kyc.nav }],
};
