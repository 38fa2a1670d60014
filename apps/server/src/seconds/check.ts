import type { Queryable } from '../db/db.ts';
import type { FrozenHolders } from '../platform/area.ts';

/** What seconds contracts hold frozen: each unsettled contract's stake, on its owner's contract account. */
export const secondsFrozen: FrozenHolders = {
  area: 'seconds',
  sql: `SELECT realm, user_id::text AS owner, 'contract' AS kind, asset, stake AS amount, 'contract ' || id AS holder
        FROM seconds_orders WHERE status <> 'completed'`,
};

/**
 * Seconds contracts' part of the ledger check: every completed contract was settled by a posting of
 * its own. The open ones' stakes are checked with every other holder (`secondsFrozen`).
 */
export async function checkSecondsOrders(q: Queryable): Promise<string[]> {
  const unsettled = await q.query<{ id: string }>(
    `SELECT o.id::text AS id FROM seconds_orders o LEFT JOIN journal_heads j ON j.id = o.settle_journal_id
     WHERE o.status = 'completed' AND (j.id IS NULL OR j.kind <> 'seconds.settle' OR j.reference <> o.id::text)`,
  );
  return unsettled.map((r) => `seconds contract ${r.id} is completed without its settlement posting`);
}
