import { type Leg, unfreeze } from '../ledger/posting.ts';
import type { Units } from '../money/decimal.ts';

/**
 * What an ended order gives back: whatever it still holds frozen, from frozen to available on the
 * account it froze from (a spot order's funding account; a leveraged order's contract account).
 * Nothing when it used all it froze. Every product on the pipeline releases this way.
 */
export function releaseLegs(account: string, asset: string, frozenLeft: Units): Leg[] | undefined {
  return frozenLeft === 0n ? undefined : unfreeze(account, asset, frozenLeft);
}
