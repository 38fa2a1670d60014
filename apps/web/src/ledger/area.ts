import type { WebArea } from '../app/area.ts';
import { guarded } from '../app/route.ts';

/** The ledger area: its routes, the page of each (loaded when first visited) and its journal kinds' labels; app/areas.ts lists each area's. */
export const ledgerArea = {
  routes: [
    guarded('/pages/index/Assets', 'assets.overview.title', 'assets'),
    guarded('/pages/assets/zhanghuDetail', 'assets.accountDetail.title'),
    guarded('/pages/index/Transfer', 'assets.transfer.title'),
    guarded('/pages/index/TransferList', 'assets.transferList.title'),
  ],
  pages: {
    '/pages/index/Assets': () => import('./AssetsPage.tsx'),
    '/pages/assets/zhanghuDetail': () => import('./AccountDetailPage.tsx'),
    '/pages/index/Transfer': () => import('./TransferPage.tsx'),
    '/pages/index/TransferList': () => import('./TransferListPage.tsx'),
  },
  journal: () => import('./journalLabels.ts'),
} satisfies WebArea;
