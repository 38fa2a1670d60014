import { canonicalDecimal, externalAccount, move, parseUnits, userAccount } from '@otc/core';
import { DEPOSIT_COIN } from '@otc/protocol/cashier/deposit/schemas';
import type { Queryable } from '../../db/db.ts';
import { notify } from '../../notifications/index.ts';
import { postBatch } from '../../postings/index.ts';
import { lockPending, markCredited } from './queries.ts';

/** The outside world on a chain: where every deposit on it comes from (PRODUCT.md's external accounts). */
export const chainWorld = (chainId: number) => externalAccount(`chain-${chainId}`);

/**
 * Credits confirmed deposits, in the caller's transaction: for each, the posting from the chain's
 * outside world to the user's funding USDT (the exact amount of the log), the deposit marked
 * credited with its journal, and the user's notification. Only deposits still pending are credited
 * (their rows are locked first), so a second call, a second watcher or a replayed log credits
 * nothing. `confirmations` maps a deposit's id to the confirmations it has now. Returns the users
 * and the deposits credited; the caller announces balances, notices and deposits after its commit.
 */
export async function creditDeposits(
  q: Queryable,
  confirmations: Map<string, number>,
  at: Date,
): Promise<{ users: string[]; ids: string[] }> {
  const none = { users: [], ids: [] };
  if (confirmations.size === 0) return none;
  const rows = await lockPending(q, [...confirmations.keys()]);
  if (rows.length === 0) return none;
  // One batch for all (the ledger's two statements whatever their count): a watcher catching up
  // credits thousands in a pass. Nothing here can go short: the outside world may go below zero.
  const { outcomes } = await postBatch(
    q,
    rows.map((row) => ({
      realm: 'live' as const,
      kind: 'funding.deposit',
      reference: `deposit:${row.chain_id}:${row.tx_hash}:${row.log_index}`,
      legs: move(
        chainWorld(row.chain_id),
        userAccount(row.user_id, 'funding'),
        DEPOSIT_COIN,
        parseUnits(row.amount),
      ),
    })),
    'all',
  );
  await markCredited(
    q,
    rows.map((row, i) => {
      const outcome = outcomes[i];
      if (!outcome || !('journalId' in outcome)) throw new Error(`deposit ${row.id} was not posted`);
      return { id: row.id, journalId: outcome.journalId, confirmations: confirmations.get(row.id) ?? 0 };
    }),
    at,
  );
  for (const row of rows)
    await notify(q, row.user_id, {
      kind: 'funding.deposit.credited',
      params: { amount: canonicalDecimal(row.amount), asset: DEPOSIT_COIN, txHash: row.tx_hash },
      link: '/pages/assets/rechargeList',
    });
  return { users: [...new Set(rows.map((r) => r.user_id))], ids: rows.map((r) => r.id) };
}
