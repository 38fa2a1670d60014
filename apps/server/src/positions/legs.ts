import { freeze, type Leg, type OpenCost, openLegs, userAccount } from '@otc/core';

/** Leveraged positions are margined in the user's contract account, in USDT. */
export const ASSET = 'USDT';
export const contractOf = (userId: string) => userAccount(userId, 'contract');

/**
 * A reverse's new side, paid from available after its close: core's opening legs on a reserve
 * frozen in the same posting (the prepaid amount, exactly).
 */
export function openFromAvailableLegs(userId: string, cost: OpenCost): Leg[] {
  return [
    ...freeze(contractOf(userId), ASSET, cost.prepaid),
    ...openLegs(userId, {
      reserved: cost.prepaid,
      margin: cost.margin,
      fee: cost.fee,
      stampDuty: cost.stampDuty,
    }),
  ];
}
