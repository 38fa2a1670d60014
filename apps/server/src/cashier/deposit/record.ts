import { canonicalDecimal } from '@otc/core';
import { chainName } from '@otc/protocol/cashier/chains';
import { DEPOSIT_COIN, type DepositRecord } from '@otc/protocol/cashier/deposit/schemas';
import { publishUserEvent } from '../../bus/user-channel.ts';
import type { AppContext } from '../../context.ts';
import { type DepositRow, depositsById } from './queries.ts';

/** A chain deposit as the records call answers it. */
export const toDepositRecord = (r: DepositRow): DepositRecord => ({
  id: r.id,
  coin: DEPOSIT_COIN,
  chainId: Number(r.chain_id),
  chainName: chainName(Number(r.chain_id)) ?? String(r.chain_id),
  txHash: r.tx_hash,
  amount: canonicalDecimal(r.amount),
  confirmations: Number(r.confirmations),
  confirmationsNeeded: Number(r.confirmations_needed),
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
  creditedAt: r.credited_at ? new Date(r.credited_at).toISOString() : null,
});

/**
 * Tells each owner's sockets where their chain deposits stand now (issue 23), after the watcher's
 * pass committed: seen (pending or below the minimum), a new confirmation count, credited, dropped.
 * The rows are read again rather than passed in: the events carry what is stored.
 */
export async function announceDeposits(ctx: AppContext, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const row of await depositsById(ctx.db, ids))
    publishUserEvent(ctx.bus, row.user_id, { kind: 'deposit', deposit: toDepositRecord(row) });
}
