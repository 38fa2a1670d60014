import { canonicalDecimal, externalAccount, move, parseUnits, userAccount } from '@otc/core';
import { DEPOSIT_COIN } from '@otc/protocol/funding/deposit-schemas';
import type { Queryable } from '../db/db.ts';
import { post } from '../ledger/index.ts';
import { notify } from '../notifications/index.ts';
import { lockPending, markCredited } from './deposit-queries.ts';

/** The outside world on a chain: where every deposit on it comes from (PRODUCT.md's external accounts). */
export const chainWorld = (chainId: number) => externalAccount(`chain-${chainId}`);

/**
 * Credits one confirmed deposit, in the caller's transaction: the posting from the chain's outside
 * world to the user's funding USDT (the exact amount of the log), the deposit marked credited
 * with its journal, and the user's notification. Only a deposit still pending is credited (its
 * row is locked first), so a second call, a second watcher or a replayed log credits nothing.
 * Returns the user credited, or undefined when there was nothing to do. The caller announces
 * balances and notices after its commit.
 */
export async function creditDeposit(
  q: Queryable,
  depositId: string,
  confirmations: number,
  at: Date,
): Promise<string | undefined> {
  const row = await lockPending(q, depositId);
  if (!row) return undefined;
  const journalId = await post(q, {
    realm: 'live',
    kind: 'funding.deposit',
    reference: `deposit:${row.chain_id}:${row.tx_hash}:${row.log_index}`,
    legs: move(
      chainWorld(row.chain_id),
      userAccount(row.user_id, 'funding'),
      DEPOSIT_COIN,
      parseUnits(row.amount),
    ),
  });
  await markCredited(q, row.id, journalId, confirmations, at);
  await notify(q, row.user_id, {
    kind: 'funding.deposit.credited',
    params: { amount: canonicalDecimal(row.amount), asset: DEPOSIT_COIN, txHash: row.tx_hash },
    link: '/pages/assets/rechargeList',
  });
  return row.user_id;
}
