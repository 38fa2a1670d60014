import { freeze, type Leg, type OpenCost, openLegParts, userAccount } from '@otc/core';

/** Leveraged positions are margined in the user's contract account, in USDT. */
export const ASSET = 'USDT';
export const contractOf = (userId: string) => userAccount(userId, 'contract');

/**
 * An opening fill's postings' legs: the fee (with the release of whatever the order froze beyond
 * the cost) and, apart, the stamp duty, posted under its own subject (`stamp_duty`). A reverse's new
 * side is paid from available after its close: its reserve is frozen in the same posting (`fromAvailable`).
 */
export function openingLegs(
  userId: string,
  cost: OpenCost,
  reserved: bigint | 'fromAvailable',
): { open: Leg[]; stampDuty: Leg[] } {
  const held = reserved === 'fromAvailable' ? cost.prepaid : reserved;
  const p = openLegParts(userId, {
    reserved: held,
    margin: cost.margin,
    fee: cost.fee,
    stampDuty: cost.stampDuty,
  });
  const frozen = reserved === 'fromAvailable' && held > 0n ? freeze(contractOf(userId), ASSET, held) : [];
  return { open: [...frozen, ...p.fee, ...p.release], stampDuty: p.stampDuty };
}
