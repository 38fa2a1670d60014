import { canonicalDecimal, formatUnits, parseAccountKey } from '@otc/core';
import type { UserAccountKind } from '@otc/protocol/ledger/accounts';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Bus } from '../bus/bus.ts';
import { publishUserEvent } from '../bus/user-channel.ts';
import type { AppContext } from '../context.ts';
import type { BalanceAfter } from '../postings/index.ts';

/**
 * After a money movement outside spot (a transfer, an exchange, an operator's adjustment): each
 * user's balances in the realm, as they stand after the commit, on their private socket channel.
 * Spot publishes exactly the balances its batches changed instead (it has them at hand). Best
 * effort: the movement is done whatever becomes of the announcement.
 */
export async function announceBalances(ctx: AppContext, realm: Realm, userIds: string[]): Promise<void> {
  try {
    const rows = await ctx.db.query<{
      owner: string;
      kind: UserAccountKind;
      asset: string;
      available: string;
      frozen: string;
    }>(
      `SELECT owner, kind, asset, available::text AS available, frozen::text AS frozen FROM ledger_accounts
       WHERE realm = $1 AND owner_type = 'user' AND owner = ANY($2::text[])`,
      [realm, userIds],
    );
    for (const r of rows)
      publishUserEvent(ctx.bus, r.owner, {
        kind: 'balance',
        account: r.kind,
        asset: r.asset,
        available: canonicalDecimal(r.available),
        frozen: canonicalDecimal(r.frozen),
      });
  } catch (err) {
    ctx.log.warn({ err }, 'balances not announced');
  }
}

/** A balance event for each user balance a batch of postings left changed (spot's intake and engines). */
export function publishBalances(bus: Bus, balances: BalanceAfter[]): void {
  for (const b of balances) {
    const account = parseAccountKey(b.account);
    if (account.ownerType !== 'user') continue;
    publishUserEvent(bus, account.owner, {
      kind: 'balance',
      account: account.kind as UserAccountKind,
      asset: b.asset,
      available: formatUnits(b.available),
      frozen: formatUnits(b.frozen),
    });
  }
}
