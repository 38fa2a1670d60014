import type { AreaPages } from '../app/route.ts';

/** The funding area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const cashierPages: AreaPages = {
  '/pages/assets/recharge': () => import('./DepositPage.tsx'),
  '/pages/assets/rechargeList': () => import('./DepositListPage.tsx'),
  '/pages/assets/tibi': () => import('./WithdrawPage.tsx'),
  '/pages/assets/tibiList': () => import('./WithdrawListPage.tsx'),
  '/pages/assets/tibidizhi': () => import('./AddressListPage.tsx'),
  '/pages/assets/tibidizhiEdit': () => import('./AddressEditPage.tsx'),
};
