import type { Queryable } from '../db/db.ts';

/**
 * The ledger's invariants (PRODUCT.md §2.6), checked from the tables themselves: per realm and
 * asset the journal sums to zero; every balance equals the sum of its entries; no user balance
 * nor the insurance fund is negative; every entry is in its account's realm and asset; every entry names a journal and an
 * account that exist (the hot tables carry no foreign keys, migration 009). Returns what is wrong.
 * Areas check their own rows the same way (`ledgerCheck` of their module; `areas.ts` runs them all).
 */
export async function checkLedger(q: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await q.query<{ realm: string; asset: string; sum: string }>(
    `SELECT j.realm, e.asset, sum(e.amount)::text AS sum FROM journal_entries e JOIN journal j ON j.id = e.journal_id
     GROUP BY j.realm, e.asset HAVING sum(e.amount) <> 0`,
  );
  for (const r of unbalanced) problems.push(`journal of ${r.asset} in ${r.realm} sums to ${r.sum}`);

  const drifted = await q.query<{ id: string; available: string; frozen: string; av: string; fr: string }>(
    `SELECT a.id::text AS id, a.available::text AS available, a.frozen::text AS frozen,
            coalesce(s.av, 0)::text AS av, coalesce(s.fr, 0)::text AS fr
     FROM ledger_accounts a LEFT JOIN (
       SELECT account_id, sum(amount) FILTER (WHERE field = 'available') AS av, sum(amount) FILTER (WHERE field = 'frozen') AS fr
       FROM journal_entries GROUP BY account_id) s ON s.account_id = a.id
     WHERE a.available <> coalesce(s.av, 0) OR a.frozen <> coalesce(s.fr, 0)`,
  );
  for (const r of drifted)
    problems.push(`account ${r.id} holds ${r.available}/${r.frozen} but its journal says ${r.av}/${r.fr}`);

  const negative = await q.query<{ id: string }>(
    `SELECT id::text AS id FROM ledger_accounts WHERE frozen < 0 OR (available < 0 AND (owner_type = 'user' OR (owner_type = 'platform' AND kind = 'insurance')))`,
  );
  for (const r of negative) problems.push(`account ${r.id} is negative`);

  const misplaced = await q.query<{ id: string }>(
    `SELECT e.id::text AS id FROM journal_entries e JOIN journal j ON j.id = e.journal_id
     JOIN ledger_accounts a ON a.id = e.account_id WHERE a.realm <> j.realm OR a.asset <> e.asset`,
  );
  for (const r of misplaced) problems.push(`entry ${r.id} is outside its account's realm or asset`);

  const orphans = await q.query<{ id: string }>(
    `SELECT e.id::text AS id FROM journal_entries e
     WHERE NOT EXISTS (SELECT 1 FROM journal j WHERE j.id = e.journal_id)
        OR NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = e.account_id)`,
  );
  for (const r of orphans) problems.push(`entry ${r.id} names a row that does not exist`);
  return problems;
}
