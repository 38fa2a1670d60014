import { guarded, type RouteMeta } from '../app/route.ts';

/** The funding area's routes (app/routes.ts lists each area's). */
export const cashierRoutes: readonly RouteMeta[] = [
  guarded('/pages/assets/recharge', 'funding.deposit.title'),
  guarded('/pages/assets/rechargeList', 'funding.depositList.title'),
  guarded('/pages/assets/tibi', 'funding.withdraw.title'),
  guarded('/pages/assets/tibiList', 'funding.withdrawList.title'),
  guarded('/pages/assets/tibidizhi', 'funding.addresses.title'),
  guarded('/pages/assets/tibidizhiEdit', 'funding.addressEdit.title'),
];
