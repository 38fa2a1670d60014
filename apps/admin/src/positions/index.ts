import type { AdminArea } from '../app/area.ts';
import { texts } from '../texts.ts';
import { PositionRulesPage } from './PositionRulesPage.tsx';
import { PositionsPage } from './PositionsPage.tsx';

/** Leveraged positions and their instruments' rules. */
export const positionsArea: AdminArea = {
  routes: [
    { path: 'positions', Component: PositionsPage },
    { path: 'position-rules', Component: PositionRulesPage },
  ],
  nav: [
    { to: '/positions', label: texts.positions.nav },
    { to: '/position-rules', label: texts.positionRules.nav },
  ],
};
