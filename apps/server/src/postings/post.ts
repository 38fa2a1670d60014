import {
  assertBalanced,
  formatUnits,
  type Leg,
  mustStayNonNegative,
  netDeltas,
  parseAccountKey,
  parseUnits,
  type Units,
} from '@otc/core';
import type { JournalKind } from '@otc/protocol/ledger/journal-kinds';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../db/db.ts';
import { Params } from '../db/params.ts';
import { fail } from '../http/errors.ts';

export interface Posting {
  realm: Realm;
  /**
   * What moved the money: one of the protocol's journal kinds, each of which balance history names
   * (a new kind goes in that list first), or a test's own `test.*` setting a scene.
   */
  kind: JournalKind | `test.${string}`;
  reference?: string | null;
  /** What it is about, where the kind does not say it all: spot's instrument (balance history reads it). */
  subject?: string | null;
  legs: Leg[];
  idempotencyKey?: string | null;
  requestHash?: string | null;
  result?: unknown;
}

/** What became of one posting of a batch: written, or refused because a user balance ran short. */
export type PostOutcome = { journalId: string; rowId?: string } | { refused: 'insufficient_balance' };

/** A balance as a batch left it: what the owner's live views (the socket's `user` channel) show. */
export interface BalanceAfter {
  realm: Realm;
  account: string;
  asset: string;
  available: Units;
  frozen: Units;
}

/**
 * Writes one journal transaction inside the caller's DB transaction: the journal row, its
 * entries, and each touched balance changed by the sum of its legs. A user balance that would
 * go negative fails the whole posting with `insufficient_balance` (the caller's transaction
 * rolls back, so nothing is left behind). Returns the journal id.
 */
export async function post(q: Queryable, p: Posting): Promise<string> {
  const [outcome] = (await postBatch(q, [p], 'all')).outcomes;
  if (!outcome || !('journalId' in outcome)) fail('insufficient_balance');
  return outcome.journalId;
}

/**
 * More rows written by the same statement as the postings, as data-modifying CTE bodies. They may
 * read `posted (n, id)`: the journal id of the n-th posting given (0-based), for rows that must
 * name it. `written[n]` says whether the n-th posting was written (a refused one was not).
 */
export type AlsoWrite = (written: boolean[], sql: Params) => string[];

/**
 * Which `also` body (its index) ends in `RETURNING journal_id, id`: the written postings' outcomes
 * then carry `rowId`, the id of the row it wrote for each (spot's trades: their ids go out on the
 * trades channel with no second round trip).
 */
export type ReturningRows = number;

/**
 * A guarded write among the `also` bodies (`body`, its index; it ends in `RETURNING`): it must
 * write exactly `rows` rows, or the statement's transaction is refused with `GuardedWriteError`
 * (spot's fills: an order updated only while it still stands as the engine expects).
 */
export interface GuardedRows {
  body: number;
  rows: number;
}

/** A guarded `also` write touched fewer (or more) rows than expected: the caller's transaction must roll back. */
export class GuardedWriteError extends Error {
  constructor(
    readonly expected: number,
    readonly written: number,
  ) {
    super(`a guarded write changed ${written} rows where ${expected} were expected`);
    this.name = 'GuardedWriteError';
  }
}

/**
 * Writes many postings in two statements, whatever their count (the spot intake and engine write
 * hundreds at once): one locks every touched account, in id order so two writers never wait on
 * each other in a circle; the postings are then applied in the order given against the locked
 * balances, and one statement writes the journal, its entries, the new balances and whatever the
 * caller adds (`also`). With `each`, a posting that would take a user balance below zero is refused
 * on its own and the others are written; with `all`, it fails the whole batch.
 */
export async function postBatch(
  q: Queryable,
  postings: Posting[],
  refuse: 'each' | 'all',
  also?: AlsoWrite,
  returning?: ReturningRows,
  guarded?: GuardedRows,
): Promise<{ outcomes: PostOutcome[]; balances: BalanceAfter[] }> {
  if (postings.length === 0 && !also) return { outcomes: [], balances: [] };
  for (const p of postings) assertBalanced(p.legs);
  const balances =
    postings.length > 0
      ? await lockAccounts(
          q,
          postings.flatMap((p) =>
            p.legs.map((l) => ({ realm: p.realm, account: l.account, asset: l.asset })),
          ),
        )
      : new Map<string, Balance>();
  const written: boolean[] = [];
  for (const p of postings) {
    const deltas = netDeltas(p.legs).map((d) => ({
      d,
      b: balances.get(key(p.realm, d.account, d.asset)) as Balance,
    }));
    const short = deltas.some(
      ({ d, b }) => b.frozen + d.frozen < 0n || (b.guarded && b.available + d.available < 0n),
    );
    if (short && refuse === 'all') fail('insufficient_balance');
    written.push(!short);
    if (short) continue;
    for (const { d, b } of deltas) {
      b.available += d.available;
      b.frozen += d.frozen;
      b.changed = true;
    }
  }
  const sql = new Params();
  const j = {
    n: [] as number[],
    realm: [] as string[],
    kind: [] as string[],
    reference: [] as (string | null)[],
    subject: [] as (string | null)[],
  };
  const idem = {
    key: [] as (string | null)[],
    hash: [] as (string | null)[],
    result: [] as (string | null)[],
  };
  const e = {
    n: [] as number[],
    account: [] as string[],
    asset: [] as string[],
    field: [] as string[],
    amount: [] as string[],
  };
  postings.forEach((p, n) => {
    if (!written[n]) return;
    j.n.push(n);
    j.realm.push(p.realm);
    j.kind.push(p.kind);
    j.reference.push(p.reference ?? null);
    j.subject.push(p.subject ?? null);
    idem.key.push(p.idempotencyKey ?? null);
    idem.hash.push(p.requestHash ?? null);
    idem.result.push(p.result === undefined ? null : JSON.stringify(p.result));
    for (const leg of p.legs) {
      e.n.push(n);
      e.account.push((balances.get(key(p.realm, leg.account, leg.asset)) as Balance).id);
      e.asset.push(leg.asset);
      e.field.push(leg.field);
      e.amount.push(formatUnits(leg.amount));
    }
  });
  // The balances were locked and computed here: write the results (the CHECKs still guard them).
  const changed = [...balances.values()].filter((b) => b.changed);
  // `posted` takes one id per posting from the sequence; being volatile, it is evaluated once.
  const ctes = [
    `posted AS (SELECT v.n, nextval('journal_id_seq') AS id, v.realm, v.kind, v.reference, v.subject, v.key, v.hash, v.result
       FROM unnest(${sql.p(j.n)}::int[], ${sql.p(j.realm)}::text[], ${sql.p(j.kind)}::text[], ${sql.p(j.reference)}::text[],
                   ${sql.p(j.subject)}::text[], ${sql.p(idem.key)}::text[], ${sql.p(idem.hash)}::text[], ${sql.p(idem.result)}::jsonb[])
         AS v (n, realm, kind, reference, subject, key, hash, result))`,
    `journal_rows AS (INSERT INTO journal (id, realm, kind, reference, subject, idempotency_key, request_hash, result)
       SELECT id, realm, kind, reference, subject, key, hash, result FROM posted)`,
    `entry_rows AS (INSERT INTO journal_entries (journal_id, account_id, asset, field, amount)
       SELECT posted.id, v.account, v.asset, v.field, v.amount
       FROM unnest(${sql.p(e.n)}::int[], ${sql.p(e.account)}::bigint[], ${sql.p(e.asset)}::text[], ${sql.p(e.field)}::text[],
                   ${sql.p(e.amount)}::numeric[]) AS v (n, account, asset, field, amount)
       JOIN posted ON posted.n = v.n)`,
    `balance_rows AS (UPDATE ledger_accounts a SET available = v.available, frozen = v.frozen
       FROM unnest(${sql.p(changed.map((b) => b.id))}::bigint[], ${sql.p(changed.map((b) => formatUnits(b.available)))}::numeric[],
                   ${sql.p(changed.map((b) => formatUnits(b.frozen)))}::numeric[]) AS v (id, available, frozen)
       WHERE a.id = v.id)`,
    ...(also?.(written, sql) ?? []),
  ];
  const rowsOf = returning === undefined ? undefined : `also_${returning + 4}`;
  const select = rowsOf
    ? `SELECT p.n, p.id::text AS id, r.id::text AS row_id FROM posted p LEFT JOIN ${rowsOf} r ON r.journal_id = p.id`
    : 'SELECT n, id::text AS id, NULL AS row_id FROM posted';
  // With a guarded write, one row at least (when nothing is posted) carries its count.
  const rows = await q.query<{ n: number | null; id: string; row_id: string | null; guarded?: number }>(
    `WITH ${ctes.map((c, i) => (i < 4 ? c : `also_${i} AS (${c})`)).join(',\n')}
     ${
       guarded
         ? `SELECT x.n, x.id, x.row_id, g.guarded FROM (SELECT count(*)::int AS guarded FROM also_${guarded.body + 4}) g
              LEFT JOIN (${select}) x ON true`
         : select
     }`,
    sql.values,
  );
  if (guarded) {
    const written = Number(rows[0]?.guarded ?? 0);
    if (written !== guarded.rows) throw new GuardedWriteError(guarded.rows, written);
  }
  const ids = new Map(rows.filter((r) => r.n !== null).map((r) => [Number(r.n), r]));
  const outcome = (n: number): PostOutcome => {
    const row = ids.get(n) as { id: string; row_id: string | null };
    return row.row_id === null ? { journalId: row.id } : { journalId: row.id, rowId: row.row_id };
  };
  return {
    outcomes: written.map((w, n) => (w ? outcome(n) : { refused: 'insufficient_balance' as const })),
    balances: changed.map(({ realm, account, asset, available, frozen }) => ({
      realm,
      account,
      asset,
      available,
      frozen,
    })),
  };
}

/** Records the answer of an idempotent request on its journal row, once the answer is known. */
export async function saveResult(q: Queryable, journalId: string, result: unknown): Promise<void> {
  await q.query('UPDATE journal SET result = $2 WHERE id = $1', [journalId, JSON.stringify(result)]);
}

interface Balance extends BalanceAfter {
  id: string;
  available: Units;
  frozen: Units;
  /** A user balance: its available part may never go below zero. */
  guarded: boolean;
  changed: boolean;
}

const key = (realm: string, account: string, asset: string) => `${realm}\u0000${account}\u0000${asset}`;

/** A balance to lock: an account (`owner_type:owner:kind`) in one realm and asset. */
export interface BalanceKey {
  realm: Realm;
  account: string;
  asset: string;
}

/**
 * Locks balances ahead of a posting whose legs depend on one of them (a liquidation's deficit is
 * paid by the insurance fund as far as its balance goes): give every balance the posting will
 * touch, so they are locked in the same id order postBatch uses and two writers never wait on each
 * other in a circle. Held to the end of the caller's transaction; postBatch then finds them locked.
 */
export async function lockBalances(q: Queryable, keys: BalanceKey[]): Promise<BalanceAfter[]> {
  if (keys.length === 0) return [];
  return [...(await lockAccounts(q, keys)).values()].map(({ realm, account, asset, available, frozen }) => ({
    realm,
    account,
    asset,
    available,
    frozen,
  }));
}

/**
 * Locks every account given, in id order, creating missing ones at zero first, and returns their
 * balances by realm, account and asset.
 */
async function lockAccounts(q: Queryable, keys: BalanceKey[]): Promise<Map<string, Balance>> {
  const wanted = new Map<
    string,
    { realm: string; ownerType: string; owner: string; kind: string; asset: string; guarded: boolean }
  >();
  for (const b of keys) {
    const k = key(b.realm, b.account, b.asset);
    if (wanted.has(k)) continue;
    const a = parseAccountKey(b.account);
    wanted.set(k, { realm: b.realm, ...a, asset: b.asset, guarded: mustStayNonNegative(b.account) });
  }
  const columns = (list: typeof wanted) => {
    const v = [...list.values()];
    return [
      v.map((w) => w.realm),
      v.map((w) => w.ownerType),
      v.map((w) => w.owner),
      v.map((w) => w.kind),
      v.map((w) => w.asset),
    ];
  };
  const lock = (list: typeof wanted) =>
    q.query<{
      id: string;
      realm: string;
      owner_type: string;
      owner: string;
      kind: string;
      asset: string;
      available: string;
      frozen: string;
    }>(
      `SELECT a.id::text AS id, a.realm, a.owner_type, a.owner, a.kind, a.asset, a.available::text AS available, a.frozen::text AS frozen
       FROM ledger_accounts a
       JOIN unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS w (realm, owner_type, owner, kind, asset)
         ON a.realm = w.realm AND a.owner_type = w.owner_type AND a.owner = w.owner AND a.kind = w.kind AND a.asset = w.asset
       ORDER BY a.id FOR UPDATE OF a`,
      columns(list),
    );
  const balances = new Map<string, Balance>();
  const take = (rows: Awaited<ReturnType<typeof lock>>) => {
    for (const r of rows) {
      const account = `${r.owner_type}:${r.owner}:${r.kind}`;
      const k = key(r.realm, account, r.asset);
      balances.set(k, {
        id: r.id,
        realm: r.realm as Realm,
        account,
        asset: r.asset,
        available: parseUnits(r.available),
        frozen: parseUnits(r.frozen),
        guarded: wanted.get(k)?.guarded ?? true,
        changed: false,
      });
    }
  };
  take(await lock(wanted));
  const missing = new Map([...wanted].filter(([k]) => !balances.has(k)));
  if (missing.size > 0) {
    // New accounts: created at zero (a concurrent creator may win; then we lock its row).
    await q.query(
      `INSERT INTO ledger_accounts (realm, owner_type, owner, kind, asset)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
       ON CONFLICT (realm, owner_type, owner, kind, asset) DO NOTHING`,
      columns(missing),
    );
    take(await lock(missing));
  }
  return balances;
}

/** Names what a posting was for once it exists (an order booked after the posting that froze its stake). */
export async function setJournalReference(q: Queryable, journalId: string, reference: string): Promise<void> {
  await q.query('UPDATE journal SET reference = $2 WHERE id = $1', [journalId, reference]);
}
