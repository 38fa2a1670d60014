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
 * `earnFrozen`): every subscription's paid total is the sum of its payout rows, one per day from its
 * first through the last paid; every payout was posted as yield; every ended one has its own
 * closing posting.
 */
export async function checkEarn(q: Queryable): Promise<string[]> {
  const sums = await q.query<{ id: string }>(
    `SELECT s.id::text AS id FROM earn_subscriptions s
     LEFT JOIN (SELECT subscription_id, count(*) AS days, sum(amount) AS total FROM earn_payouts GROUP BY subscription_id) p
       ON p.subscription_id = s.id
     WHERE coalesce(p.total, 0) <> s.paid_total OR coalesce(p.days, 0) <> s.paid_through - s.first_day + 1`,
  );
  const unposted = await q.query<{ journal_id: string }>(
    `SELECT DISTINCT p.journal_id::text AS journal_id FROM earn_payouts p LEFT JOIN journal_heads j ON j.id = p.journal_id
     WHERE j.id IS NULL OR j.kind <> 'earn.yield'`,
  );
  const unclosed = await q.query<{ id: string }>(
    `SELECT s.id::text AS id FROM earn_subscriptions s LEFT JOIN journal_heads j ON j.id = s.end_journal_id
     WHERE s.status = 'ended' AND (j.id IS NULL OR j.kind <> CASE s.end_reason WHEN 'matured' THEN 'earn.mature' ELSE 'earn.redeem' END)`,
  );
  return [
    ...sums.map((r) => `earn subscription ${r.id}: its paid total or days differ from its payouts`),
    ...unposted.map((r) => `earn payouts of journal ${r.journal_id} were not posted as yield`),
    ...unclosed.map((r) => `earn subscription ${r.id} ended without its closing posting`),
  ];
}
