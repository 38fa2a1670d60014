import type { AdminArea } from '../app/area.ts';
import { vipTexts } from './texts.ts';
import { VipLevelsPage } from './VipLevelsPage.tsx';

/** The VIP levels. */
export const vipArea: AdminArea = {
  routes: [{ path: 'vip', Component: VipLevelsPage }],
  nav: [{ to: '/vip', label: vipTexts.vip.nav }],
};
