import type { AdminArea } from '../app/area.ts';
import { OperatorsPage } from './OperatorsPage.tsx';
import { operatorsTexts } from './texts.ts';

/** The operators. */
export const operatorsArea: AdminArea = {
  routes: [{ path: 'operators', Component: OperatorsPage }],
  nav: [{ to: '/operators', label: operatorsTexts.operators.nav }],
};
