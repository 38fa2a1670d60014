import type { AdminArea } from '../app/area.ts';
import { EarnProductsPage } from './EarnProductsPage.tsx';
import { earnTexts } from './texts.ts';

/** Earn products: managed, arbitrage and mining (issue 26). */
export const earnArea: AdminArea = {
  routes: [{ path: 'earn', Component: EarnProductsPage }],
  nav: [{ to: '/earn', label: earnTexts.earn.nav }],
};
