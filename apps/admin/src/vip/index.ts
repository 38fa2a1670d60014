import type { AdminArea } from '../app/area.ts';
import { texts } from '../texts.ts';
import { VipLevelsPage } from './VipLevelsPage.tsx';

/** The VIP levels. */
export const vipArea: AdminArea = {
  routes: [{ path: 'vip', Component: VipLevelsPage }],
  nav: [{ to: '/vip', label: texts.vip.nav }],
};
