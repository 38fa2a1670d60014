import type { Queryable } from '../db/db.ts';
import type { FrozenHolders } from '../platform/area.ts';

/** What earn holds frozen: each running subscription's principal, in its owner's funding account. */
export const earnFrozen: FrozenHolders = {
  area: 'earn',
  sql: `SELECT realm, user_id::text AS owner, 'funding' AS kind, asset, principal AS amount, 'earn subscription ' || id AS holder
        FROM earn_subscriptions WHERE status = 'active'`,
};

/**
 * Earn's part of the ledger check (the locked principal is checked with every other holder,
 * `earnFrozen`), exact, from the subscriptions and the ledger (decision 0149):
 * - every subscription's paid total is its fixed daily yield times the days it is paid through
 *   (from its first day through `paid_through`: each of those days paid the daily yield, and no other);
 * - every account's yield received (its entries in `earn.yield` postings) equals the paid totals of
 *   the subscriptions it holds: what the subscriptions say they paid is what the ledger moved, to
 *   the right account (the postings balance, so the treasury and its shards paid the same);
 * - every ended one has its own closing posting.
 */
export async function checkEarn(q: Queryable): Promise<string[]> {
  const sums = await q.query<{ id: string }>(
    `SELECT id::text AS id FROM earn_subscriptions
     WHERE paid_total <> daily_yield * (paid_through - first_day + 1)`,
  );
  const unposted = await q.query<{ account_id: string; paid: string; posted: string }>(
    `WITH paid AS (SELECT account_id, sum(paid_total) AS amount FROM earn_subscriptions GROUP BY account_id),
          posted AS (
            SELECT e.account_id, sum(e.amount) AS amount FROM journal_entries e JOIN journal_heads j ON j.id = e.journal_id
            WHERE j.kind = 'earn.yield' AND e.amount > 0 AND e.field = 'available' GROUP BY e.account_id)
     SELECT coalesce(p.account_id, y.account_id)::text AS account_id, coalesce(p.amount, 0)::text AS paid,
            coalesce(y.amount, 0)::text AS posted
     FROM paid p FULL JOIN posted y ON y.account_id = p.account_id
     WHERE coalesce(p.amount, 0) <> coalesce(y.amount, 0)`,
  );
  const unclosed = await q.query<{ id: string }>(
    `SELECT s.id::text AS id FROM earn_subscriptions s LEFT JOIN journal_heads j ON j.id = s.end_journal_id
     WHERE s.status = 'ended' AND (j.id IS NULL OR j.kind <> CASE s.end_reason WHEN 'matured' THEN 'earn.mature' ELSE 'earn.redeem' END)`,
  );
  return [
    ...sums.map(
      (r) => `earn subscription ${r.id}: its paid total is not its daily yield times the days paid`,
    ),
    ...unposted.map(
      (r) =>
        `earn yield to account ${r.account_id}: subscriptions paid ${r.paid}, the ledger posted ${r.posted}`,
    ),
    ...unclosed.map((r) => `earn subscription ${r.id} ended without its closing posting`),
  ];
}
