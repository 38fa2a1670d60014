import type { Queryable } from '../db/db.ts';
import type { FrozenHolders } from '../platform/area.ts';

/** What loans hold frozen: each active loan's collateral, in its owner's funding account. */
export const loanFrozen: FrozenHolders = {
  area: 'loan',
  sql: `SELECT realm, user_id::text AS owner, 'funding' AS kind, collateral_asset AS asset, collateral_amount AS amount,
          'loan ' || id AS holder
        FROM loans WHERE status = 'active'`,
};

/**
 * Loans' part of the ledger check: every loan past pending-or-rejected has its own `loan.disburse`,
 * a repaid one its `loan.repay`, a liquidated one its `loan.liquidate` (and a paid debt its
 * `loan.repay`); and what the loan's journals froze in the collateral asset, less what they
 * released, is the active loan's collateral (nothing for a closed one).
 */
export async function checkLoans(q: Queryable): Promise<string[]> {
  const unposted = await q.query<{ id: string; what: string }>(
    `SELECT l.id::text AS id, x.what FROM loans l
     CROSS JOIN LATERAL (VALUES
       ('disburse', l.disburse_journal_id, 'loan.disburse', l.status IN ('active', 'repaid', 'liquidated')),
       ('repay', l.close_journal_id, 'loan.repay', l.status = 'repaid'),
       ('liquidate', l.close_journal_id, 'loan.liquidate', l.status = 'liquidated'),
       ('debt', l.debt_journal_id, 'loan.repay', l.debt_journal_id IS NOT NULL)
     ) AS x (what, journal_id, kind, needed)
     LEFT JOIN journal_heads j ON j.id = x.journal_id
     WHERE x.needed AND (j.id IS NULL OR j.kind <> x.kind OR j.reference <> l.id::text OR j.realm <> l.realm)`,
  );
  const frozen = await q.query<{ id: string }>(
    `SELECT l.id::text AS id FROM loans l
     LEFT JOIN LATERAL (
       SELECT coalesce(sum(e.amount), 0) AS net FROM journal_heads j
       JOIN journal_entries e ON e.journal_id = j.id AND e.field = 'frozen' AND e.asset = l.collateral_asset
       JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_type = 'user' AND a.owner = l.user_id::text
         AND a.kind = 'funding'
       WHERE j.kind LIKE 'loan.%' AND j.reference = l.id::text AND j.realm = l.realm
     ) f ON true
     WHERE l.status <> 'pending' AND l.status <> 'rejected'
       AND f.net <> CASE WHEN l.status = 'active' THEN l.collateral_amount ELSE 0 END`,
  );
  return [
    ...unposted.map((r) => `loan ${r.id} has no ${r.what} posting of its own`),
    ...frozen.map((r) => `loan ${r.id}: its journals' frozen collateral differs from what it holds`),
  ];
}
