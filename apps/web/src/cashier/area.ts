import type { WebArea } from '../app/area.ts';
import { guarded } from '../app/route.ts';

/** The funding area: its routes, the page of each (loaded when first visited) and its journal kinds' labels; app/areas.ts lists each area's. */
export const cashierArea = {
  routes: [
    guarded('/pages/assets/recharge', 'funding.deposit.title'),
    guarded('/pages/assets/rechargeList', 'funding.depositList.title'),
    guarded('/pages/assets/tibi', 'funding.withdraw.title'),
    guarded('/pages/assets/tibiList', 'funding.withdrawList.title'),
    guarded('/pages/assets/tibidizhi', 'funding.addresses.title'),
    guarded('/pages/assets/tibidizhiEdit', 'funding.addressEdit.title'),
  ],
  pages: {
    '/pages/assets/recharge': () => import('./deposit/DepositPage.tsx'),
    '/pages/assets/rechargeList': () => import('./deposit/DepositListPage.tsx'),
    '/pages/assets/tibi': () => import('./withdrawal/WithdrawPage.tsx'),
    '/pages/assets/tibiList': () => import('./withdrawal/WithdrawListPage.tsx'),
    '/pages/assets/tibidizhi': () => import('./address/AddressListPage.tsx'),
    '/pages/assets/tibidizhiEdit': () => import('./address/AddressEditPage.tsx'),
  },
  journal: () => import('./journalLabels.ts'),
} satisfies WebArea;
