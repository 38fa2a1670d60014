import type { AdminArea } from '../app/area.ts';
import { texts } from '../texts.ts';
import { OperatorsPage } from './OperatorsPage.tsx';

/** The operators. */
export const operatorsArea: AdminArea = {
  routes: [{ path: 'operators', Component: OperatorsPage }],
  nav: [{ to: '/operators', label: texts.operators.nav }],
};
