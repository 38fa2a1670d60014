import type { Queryable } from '../db/db.ts';

/**
 * Seconds contracts' part of the ledger check: every open contract's stake is still frozen on its
 * owner's contract account (the frozen USDT there covers the open stakes), and every completed one
 * was settled by a posting of its own.
 */
export async function checkSecondsOrders(q: Queryable): Promise<string[]> {
  const uncovered = await q.query<{ user_id: string; realm: string }>(
    `SELECT o.user_id::text AS user_id, o.realm FROM seconds_orders o
     LEFT JOIN ledger_accounts a ON a.realm = o.realm AND a.owner_type = 'user' AND a.owner = o.user_id::text
       AND a.kind = 'contract' AND a.asset = o.asset
     WHERE o.status <> 'completed'
     GROUP BY o.user_id, o.realm, o.asset, a.frozen
     HAVING sum(o.stake) > coalesce(a.frozen, 0)`,
  );
  const unsettled = await q.query<{ id: string }>(
    `SELECT o.id::text AS id FROM seconds_orders o LEFT JOIN journal j ON j.id = o.settle_journal_id
     WHERE o.status = 'completed' AND (j.id IS NULL OR j.kind <> 'seconds.settle' OR j.reference <> o.id::text)`,
  );
  return [
    ...uncovered.map(
      (r) => `user ${r.user_id} (${r.realm}) has less frozen than their open seconds contracts' stakes`,
    ),
    ...unsettled.map((r) => `seconds contract ${r.id} is completed without its settlement posting`),
  ];
}
