import type { AreaPages } from '../app/route.ts';

/** The ledger area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const ledgerPages: AreaPages = {
  '/pages/index/Assets': () => import('./AssetsPage.tsx'),
  '/pages/assets/zhanghuDetail': () => import('./AccountDetailPage.tsx'),
  '/pages/index/Transfer': () => import('./TransferPage.tsx'),
  '/pages/index/TransferList': () => import('./TransferListPage.tsx'),
};
