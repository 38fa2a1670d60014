import { formatUnits, parseUnits, type Units, userAccount } from '@otc/core';
import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../db/db.ts';
import type { Fence } from '../db/ownership.ts';
import { Params } from '../db/params.ts';
import type { BalanceAfter } from './post.ts';

/** Funds a user sets aside for a new record (a spot order): available to frozen of one balance. */
export interface Freeze {
  realm: Realm;
  userId: string;
  /** The user's account kind the funds stay in (spot: funding). */
  kind: string;
  asset: string;
  /** Greater than zero. */
  amount: Units;
  /** What it is about (the journal's subject): spot's instrument. */
  subject?: string;
  /** A user's request: its idempotency key and fingerprint; the record's id is its answer. */
  idem?: { idempotencyKey: string; requestHash: string };
}

export interface FreezeBatchOutcome {
  /** By position in the batch: the new record's id (the journal's reference). */
  accepted: Map<number, string>;
  /** By position: an idempotency key used before, with that request's fingerprint and answer. */
  earlier: Map<number, { hash: string | null; result: { id: string } | null }>;
  /** The balances as the batch left them. */
  balances: BalanceAfter[];
  at: Date;
}

/**
 * More rows the same statement writes, as data-modifying CTE bodies. They may read
 * `accepted (n, record_id)`: the id of the record each accepted freeze was for, by position n.
 */
export type AlsoWriteAccepted = (sql: Params) => string[];

/**
 * Freezes funds for many new records in ONE statement, so a batch costs one round trip and commits
 * on its own (the spot intake's hot path; PostgreSQL runs a lone statement as one transaction).
 * It writes what `post()` writes for `freeze()` legs: a journal row per freeze (reference: the
 * record's id, answer `{ id }` under its idempotency key), its two entries, and the balances.
 *
 * Decided inside the statement, against the balances locked in account-id order (the order every
 * other writer locks in): a freeze whose key was used before is not written (its earlier answer
 * comes back); a balance covers its freezes in batch order, and from the first one it cannot
 * cover on, the rest of that balance's freezes are refused too (the caller may try those again,
 * alone, against what is left). Record ids come from `recordSequence`, rising in batch order.
 */
export async function freezeBatch(
  q: Queryable,
  journalKind: JournalKind,
  recordSequence: string,
  freezes: Freeze[],
  also: AlsoWriteAccepted,
  /**
   * The writer's ownership token (decision 0148): the statement writes nothing unless the role's
   * generation is still the writer's (checked under a share lock, in the statement), and throws
   * the fence's `FencedError` when it is not.
   */
  fence?: Fence,
): Promise<FreezeBatchOutcome> {
  const sql = new Params();
  const fenced = fence ? `fence AS MATERIALIZED (${fence.guard(sql)})` : undefined;
  const col = <T>(f: (x: Freeze, n: number) => T) => sql.p(freezes.map(f));
  const keys = col((f) => f.idem?.idempotencyKey ?? null);
  const own = [
    // The keys of this batch that earlier requests used: one probe of the unique index per key. (As
    // `idempotency_key = ANY($n)`, a generic plan scanned the whole journal: 42 ms a batch, measured.)
    `earlier AS (SELECT j.idempotency_key AS key, j.request_hash AS hash, j.result
       FROM unnest(${keys}::text[]) AS k (key)
       JOIN journal j ON j.idempotency_key = k.key)`,
    `req AS (SELECT v.*, coalesce(v.key IN (SELECT key FROM earlier), false) AS repeated
     FROM unnest(${col((_, i) => i)}::int[], ${col((f) => f.realm)}::text[], ${col((f) => f.userId)}::text[],
                 ${col((f) => f.kind)}::text[], ${col((f) => f.asset)}::text[], ${col((f) => formatUnits(f.amount))}::numeric[],
                 ${keys}::text[], ${col((f) => f.idem?.requestHash ?? null)}::text[], ${col((f) => f.subject ?? null)}::text[])
       AS v (n, realm, owner, kind, asset, amount, key, hash, subject)
     ${fenced ? 'WHERE EXISTS (SELECT 1 FROM fence)' : ''})`,
    `locked AS MATERIALIZED (SELECT a.id, a.realm, a.owner, a.kind, a.asset, a.available FROM ledger_accounts a
       WHERE a.owner_type = 'user' AND (a.realm, a.owner, a.kind, a.asset) IN
         (SELECT realm, owner, kind, asset FROM req WHERE NOT repeated)
       ORDER BY a.id FOR UPDATE OF a)`,
    `covered AS (SELECT r.n, r.realm, r.asset, r.amount, r.key, r.hash, r.subject, l.id AS account_id,
         sum(r.amount) OVER (PARTITION BY l.id ORDER BY r.n) <= l.available AS ok
       FROM req r JOIN locked l ON (l.realm, l.owner, l.kind, l.asset) = (r.realm, r.owner, r.kind, r.asset)
       WHERE NOT r.repeated)`,
    // Volatile nextval is evaluated once per row, in the order the sorted subquery yields them.
    `accepted AS (SELECT c.*, nextval('${recordSequence}') AS record_id, nextval('journal_id_seq') AS journal_id
       FROM (SELECT * FROM covered WHERE ok ORDER BY n) c)`,
    `journal_rows AS (INSERT INTO journal (id, realm, kind, reference, subject, idempotency_key, request_hash, result)
       SELECT journal_id, realm, ${sql.p(journalKind)}, record_id::text, subject, key, hash,
              CASE WHEN key IS NULL THEN NULL ELSE jsonb_build_object('id', record_id::text) END
       FROM accepted)`,
    `entry_rows AS (INSERT INTO journal_entries (journal_id, account_id, asset, field, amount)
       SELECT a.journal_id, a.account_id, a.asset, leg.field, leg.amount
       FROM accepted a CROSS JOIN LATERAL (VALUES (1, 'available', -a.amount), (2, 'frozen', a.amount)) AS leg (o, field, amount)
       ORDER BY a.n, leg.o)`,
    `balance_rows AS (UPDATE ledger_accounts a SET available = a.available - t.total, frozen = a.frozen + t.total
       FROM (SELECT account_id, sum(amount) AS total FROM accepted GROUP BY account_id) t
       WHERE a.id = t.account_id
       RETURNING a.realm, a.owner, a.kind, a.asset, a.available, a.frozen)`,
  ];
  const ctes = [...(fenced ? [fenced] : []), ...own, ...also(sql).map((c, i) => `also_${i} AS (${c})`)];
  const [row] = await q.query<{
    accepted: { n: number; id: string }[] | null;
    earlier: { n: number; hash: string | null; result: { id: string } | null }[] | null;
    balances:
      | { realm: Realm; owner: string; kind: string; asset: string; available: string; frozen: string }[]
      | null;
    at: Date;
    held: boolean;
  }>(
    `WITH ${ctes.join(',\n')}
     SELECT (SELECT json_agg(json_build_object('n', n, 'id', record_id::text)) FROM accepted) AS accepted,
            (SELECT json_agg(json_build_object('n', r.n, 'hash', e.hash, 'result', e.result))
               FROM req r JOIN earlier e ON e.key = r.key) AS earlier,
            (SELECT json_agg(json_build_object('realm', realm, 'owner', owner, 'kind', kind, 'asset', asset,
                     'available', available::text, 'frozen', frozen::text)) FROM balance_rows) AS balances,
            now() AS at, ${fenced ? 'EXISTS (SELECT 1 FROM fence)' : 'true'} AS held`,
    sql.values,
  );
  if (!row) throw new Error('freezeBatch: no row');
  // Nothing was written (every write reads `req`, empty without the fence's row): refuse.
  if (!row.held) fence?.fenced();
  return {
    accepted: new Map((row.accepted ?? []).map((a) => [a.n, a.id])),
    earlier: new Map((row.earlier ?? []).map((e) => [e.n, { hash: e.hash, result: e.result }])),
    balances: (row.balances ?? []).map((b) => ({
      realm: b.realm,
      account: userAccount(b.owner, b.kind),
      asset: b.asset,
      available: parseUnits(b.available),
      frozen: parseUnits(b.frozen),
    })),
    at: new Date(row.at),
  };
}
