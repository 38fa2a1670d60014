import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../db/db.ts';

/**
 * A platform account's balance in each realm (the back office's view of the insurance fund, the
 * dealer): available plus frozen, as a decimal string; a realm whose account was never touched is 0.
 */
export async function platformBalances(
  q: Queryable,
  kind: string,
  asset: string,
): Promise<{ realm: Realm; balance: string }[]> {
  const rows = await q.query<{ realm: Realm; balance: string }>(
    `SELECT realm, (available + frozen)::text AS balance FROM ledger_accounts
      WHERE owner_type = 'platform' AND owner = 'main' AND kind = $1 AND asset = $2`,
    [kind, asset],
  );
  return (['live', 'demo'] as const).map((realm) => ({
    realm,
    balance: rows.find((r) => r.realm === realm)?.balance ?? '0',
  }));
}
