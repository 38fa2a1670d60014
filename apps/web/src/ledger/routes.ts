import { guarded, type RouteMeta } from '../app/route.ts';

/** The ledger area's routes (app/routes.ts lists each area's). */
export const ledgerRoutes: readonly RouteMeta[] = [
  guarded('/pages/index/Assets', 'assets.overview.title', 'assets'),
  guarded('/pages/assets/zhanghuDetail', 'assets.accountDetail.title'),
  guarded('/pages/index/Transfer', 'assets.transfer.title'),
  guarded('/pages/index/TransferList', 'assets.transferList.title'),
];
