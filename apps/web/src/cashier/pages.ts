import type { AreaPages } from '../app/route.ts';

/** The funding area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const cashierPages: AreaPages = {
  '/pages/assets/recharge': () => import('./deposit/DepositPage.tsx'),
  '/pages/assets/rechargeList': () => import('./deposit/DepositListPage.tsx'),
  '/pages/assets/tibi': () => import('./withdrawal/WithdrawPage.tsx'),
  '/pages/assets/tibiList': () => import('./withdrawal/WithdrawListPage.tsx'),
  '/pages/assets/tibidizhi': () => import('./address/AddressListPage.tsx'),
  '/pages/assets/tibidizhiEdit': () => import('./address/AddressEditPage.tsx'),
};
