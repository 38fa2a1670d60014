import {
  externalAccount,
  freeze,
  parseUnits,
  platformAccount,
  settle,
  unfreeze,
  userAccount,
} from '@otc/core';
import type { Queryable } from '../../db/db.ts';
import { post } from '../../postings/index.ts';

/**
 * A withdrawal's three movements on the books, each once: its amount frozen in the user's funding
 * account at request; then either paid out when confirmed on chain (amount - fee to the chain's
 * outside world, the fee to the platform's fees) or given back when rejected or failed.
 */
const FUNDING = 'funding';

/** The chain's outside world, as the ledger names external accounts. */
export const chainWorld = (chainId: number) => externalAccount(`chain-${chainId}`);

export async function freezeWithdrawal(
  q: Queryable,
  w: { id: string; userId: string; asset: string; amount: string },
  idem: { idempotencyKey: string; requestHash: string },
): Promise<string> {
  return post(q, {
    realm: 'live',
    kind: 'withdrawal.request',
    reference: w.id,
    legs: freeze(userAccount(w.userId, FUNDING), w.asset, parseUnits(w.amount)),
    ...idem,
  });
}

export async function releaseWithdrawal(
  q: Queryable,
  w: { id: string; userId: string; asset: string; amount: string },
  kind: 'withdrawal.reject' | 'withdrawal.fail',
): Promise<void> {
  await post(q, {
    realm: 'live',
    kind,
    reference: w.id,
    legs: unfreeze(userAccount(w.userId, FUNDING), w.asset, parseUnits(w.amount)),
  });
}

export async function payOutWithdrawal(
  q: Queryable,
  w: { id: string; userId: string; asset: string; amount: string; fee: string; chainId: number },
): Promise<void> {
  const user = userAccount(w.userId, FUNDING);
  const fee = parseUnits(w.fee);
  const received = parseUnits(w.amount) - fee;
  await post(q, {
    realm: 'live',
    kind: 'withdrawal.complete',
    reference: w.id,
    legs: [
      ...settle(user, chainWorld(w.chainId), w.asset, received),
      ...(fee > 0n ? settle(user, platformAccount('fees'), w.asset, fee) : []),
    ],
  });
}
