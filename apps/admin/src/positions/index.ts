import type { AdminArea } from '../app/area.ts';
import { PositionRulesPage } from './PositionRulesPage.tsx';
import { PositionsPage } from './PositionsPage.tsx';
import { positionsTexts } from './texts.ts';

/** Leveraged positions and their instruments' rules. */
export const positionsArea: AdminArea = {
  routes: [
    { path: 'positions', Component: PositionsPage },
    { path: 'position-rules', Component: PositionRulesPage },
  ],
  nav: [
    { to: '/positions', label: positionsTexts.positions.nav },
    { to: '/position-rules', label: positionsTexts.positionRules.nav },
  ],
};
