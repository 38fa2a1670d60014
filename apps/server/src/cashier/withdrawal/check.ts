import type { Queryable } from '../../db/db.ts';
import type { FrozenHolders } from '../../platform/area.ts';

/** What withdrawals hold frozen: each open withdrawal's amount (fee included), on its owner's live funding account. */
export const withdrawalsFrozen: FrozenHolders = {
  area: 'cashier',
  sql: `SELECT 'live' AS realm, user_id::text AS owner, 'funding' AS kind, asset, amount, 'withdrawal ' || id AS holder
        FROM withdrawals WHERE status IN ('reviewing', 'approved', 'waiting_funds', 'sent')`,
};

/**
 * Withdrawals' own ledger check: each withdrawal froze its amount exactly once, and left the
 * freeze exactly once when it ended (paid out, rejected or failed), never while still open.
 */
export async function checkWithdrawals(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ id: string; status: string; requested: number; settled: number }>(
    `SELECT w.id::text AS id, w.status,
       count(j.id) FILTER (WHERE j.kind = 'withdrawal.request')::int AS requested,
       count(j.id) FILTER (WHERE j.kind IN ('withdrawal.complete', 'withdrawal.reject', 'withdrawal.fail'))::int AS settled
     FROM withdrawals w
     LEFT JOIN journal_heads j ON j.realm = 'live' AND j.reference = w.id::text AND j.kind LIKE 'withdrawal.%'
     GROUP BY w.id, w.status
     HAVING count(j.id) FILTER (WHERE j.kind = 'withdrawal.request') <> 1
       OR count(j.id) FILTER (WHERE j.kind IN ('withdrawal.complete', 'withdrawal.reject', 'withdrawal.fail'))
          <> CASE WHEN w.status IN ('completed', 'rejected', 'failed') THEN 1 ELSE 0 END`,
  );
  return rows.map(
    (r) =>
      `withdrawal ${r.id} (${r.status}): frozen ${r.requested} time(s), released or paid ${r.settled} time(s)`,
  );
}
