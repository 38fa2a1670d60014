import { parseAccountKey } from '@otc/core';
import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../db/db.ts';
import type { Params } from '../db/params.ts';
import type { BalanceKey } from './post.ts';

/**
 * Postings made by a query rather than listed one by one: a daily job that pays a million rows
 * (earn's yield) writes them in ONE statement, the work done where the rows are, not a round trip
 * and a JS object per row as `postBatch` does.
 *
 * The caller gives the statement's first CTE bodies (its own rows: what it pays, marks and reads),
 * the last of them named `moves` with the columns `realm`, `from_id`, `from_field`, `to_id`,
 * `to_field`, `asset`, `amount`: each row moves `amount` from one balance (a ledger account's id and
 * its `available` or `frozen` part) to another. They may read `heads (realm, id)`: the journal id
 * each realm's posting will have (a row that must name its posting stores it).
 *
 * Written: one journal row per realm that has moves, of `kind`; one entry per account, field and
 * realm (the legs summed: a treasury paying a million users is one entry); every balance changed
 * once. The accounts must already be locked in id order by the caller's transaction
 * (`lockAccountIds`), so the statement never waits on a row another writer holds while holding
 * others; the balances' CHECKs still refuse a user balance going below zero (the whole statement
 * fails, nothing is written).
 */
export async function postSet(
  q: Queryable,
  spec: {
    kind: JournalKind;
    reference: string | null;
    /** The caller's CTEs, `[name, body]`, in order; the last is `moves`. */
    ctes: [string, string][];
    params: Params;
  },
): Promise<{ realm: Realm; journalId: string; moves: number }[]> {
  const sql = spec.params;
  const kind = sql.p(spec.kind);
  const reference = sql.p(spec.reference);
  const rows = await q.query<{ realm: Realm; journal_id: string; moves: number }>(
    `WITH heads AS MATERIALIZED (
       SELECT r.realm, nextval('journal_id_seq') AS id FROM (VALUES ('live'), ('demo')) AS r (realm)),
     ${spec.ctes.map(([name, body]) => `${name} AS (${body})`).join(',\n')},
     legs AS (
       SELECT realm, from_id AS account_id, asset, from_field AS field, -amount AS amount FROM moves
       UNION ALL SELECT realm, to_id, asset, to_field, amount FROM moves),
     sums AS MATERIALIZED (
       SELECT realm, account_id, asset, field, sum(amount) AS amount FROM legs
       GROUP BY realm, account_id, asset, field HAVING sum(amount) <> 0),
     counted AS MATERIALIZED (SELECT realm, count(*)::int AS moves FROM moves GROUP BY realm),
     journal_rows AS (
       INSERT INTO journal (id, realm, kind, reference)
       SELECT h.id, h.realm, ${kind}, ${reference} FROM heads h JOIN counted c ON c.realm = h.realm),
     entry_rows AS (
       INSERT INTO journal_entries (journal_id, account_id, asset, field, amount)
       SELECT h.id, s.account_id, s.asset, s.field, s.amount FROM sums s JOIN heads h ON h.realm = s.realm),
     balance_rows AS (
       UPDATE ledger_accounts a
       SET available = a.available + d.available, frozen = a.frozen + d.frozen
       FROM (SELECT account_id,
                    coalesce(sum(amount) FILTER (WHERE field = 'available'), 0) AS available,
                    coalesce(sum(amount) FILTER (WHERE field = 'frozen'), 0) AS frozen
             FROM sums GROUP BY account_id) d
       WHERE a.id = d.account_id)
     SELECT h.realm, h.id::text AS journal_id, c.moves FROM heads h JOIN counted c ON c.realm = h.realm`,
    sql.values,
  );
  return rows.map((r) => ({ realm: r.realm, journalId: r.journal_id, moves: Number(r.moves) }));
}

/**
 * Locks ledger accounts by id, in id order (the order every writer locks in), to the end of the
 * caller's transaction: what `postSet` needs before its statement.
 */
export async function lockAccountIds(q: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await q.query('SELECT id FROM ledger_accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [ids]);
}

/**
 * The ids of accounts by realm, account key and asset, in the order given, each created at zero if
 * missing. Nothing is locked: a caller that will write them locks them with every other account it
 * writes, in id order (`lockAccountIds`).
 */
export async function accountIds(q: Queryable, keys: BalanceKey[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const parts = keys.map((k) => parseAccountKey(k.account));
  const columns = [
    keys.map((k) => k.realm),
    parts.map((p) => p.ownerType),
    parts.map((p) => p.owner),
    parts.map((p) => p.kind),
    keys.map((k) => k.asset),
  ];
  await q.query(
    `INSERT INTO ledger_accounts (realm, owner_type, owner, kind, asset)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
     ON CONFLICT (realm, owner_type, owner, kind, asset) DO NOTHING`,
    columns,
  );
  const rows = await q.query<{ id: string }>(
    `SELECT a.id::text AS id
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY
       AS w (realm, owner_type, owner, kind, asset, n)
     JOIN ledger_accounts a ON a.realm = w.realm AND a.owner_type = w.owner_type AND a.owner = w.owner
       AND a.kind = w.kind AND a.asset = w.asset
     ORDER BY w.n`,
    columns,
  );
  return rows.map((r) => r.id);
}
