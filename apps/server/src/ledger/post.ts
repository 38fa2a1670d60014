import { assertBalanced, formatUnits, type Leg, netDeltas, parseAccountKey } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http/errors.ts';

export interface Posting {
  realm: Realm;
  /** What moved the money: transfer.own, transfer.user, exchange, demo.grant, admin.adjust, ... */
  kind: string;
  reference?: string | null;
  legs: Leg[];
  idempotencyKey?: string | null;
  requestHash?: string | null;
  result?: unknown;
}

/**
 * Writes one journal transaction inside the caller's DB transaction: the journal row, its
 * entries, and each touched balance changed by the sum of its legs. A user balance that would
 * go negative fails the whole posting with `insufficient_balance` (the caller's transaction
 * rolls back, so nothing is left behind). Returns the journal id.
 */
export async function post(q: Queryable, p: Posting): Promise<string> {
  assertBalanced(p.legs);
  const ids = await accountIds(q, p.realm, p.legs);
  const [journal] = await q.query<{ id: string }>(
    `INSERT INTO journal (realm, kind, reference, idempotency_key, request_hash, result)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
    [
      p.realm,
      p.kind,
      p.reference ?? null,
      p.idempotencyKey ?? null,
      p.requestHash ?? null,
      p.result === undefined ? null : JSON.stringify(p.result),
    ],
  );
  const journalId = journal?.id as string;

  // Deltas come sorted by account, so concurrent postings lock rows in the same order.
  for (const d of netDeltas(p.legs)) {
    const rows = await q.query(
      `UPDATE ledger_accounts SET available = available + $2, frozen = frozen + $3
       WHERE id = $1 AND frozen + $3 >= 0 AND (owner_type <> 'user' OR available + $2 >= 0)
       RETURNING id`,
      [ids.get(key(d.account, d.asset)), formatUnits(d.available), formatUnits(d.frozen)],
    );
    if (rows.length === 0) fail('insufficient_balance');
  }

  const values: unknown[] = [];
  const tuples = p.legs.map((leg, i) => {
    values.push(
      journalId,
      ids.get(key(leg.account, leg.asset)),
      leg.asset,
      leg.field,
      formatUnits(leg.amount),
    );
    const o = i * 5;
    return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5})`;
  });
  await q.query(
    `INSERT INTO journal_entries (journal_id, account_id, asset, field, amount) VALUES ${tuples.join(', ')}`,
    values,
  );
  return journalId;
}

/** Records the answer of an idempotent request on its journal row, once the answer is known. */
export async function saveResult(q: Queryable, journalId: string, result: unknown): Promise<void> {
  await q.query('UPDATE journal SET result = $2 WHERE id = $1', [journalId, JSON.stringify(result)]);
}

const key = (account: string, asset: string) => `${account}\u0000${asset}`;

/**
 * The id of every account the legs touch, creating missing ones at zero. Reads take no lock and
 * creation only locks a new row, so the first row locks a posting takes are its guarded updates,
 * which go in account order: two postings over the same accounts never wait on each other in a
 * circle.
 */
async function accountIds(q: Queryable, realm: Realm, legs: Leg[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const keys = [...new Set(legs.map((l) => key(l.account, l.asset)))].sort();
  for (const k of keys) {
    const [account = '', asset = ''] = k.split('\u0000');
    const a = parseAccountKey(account);
    const params = [realm, a.ownerType, a.owner, a.kind, asset];
    const find = () =>
      q.query<{ id: string }>(
        `SELECT id::text AS id FROM ledger_accounts
         WHERE realm = $1 AND owner_type = $2 AND owner = $3 AND kind = $4 AND asset = $5`,
        params,
      );
    let [row] = await find();
    if (!row) {
      [row] = await q.query<{ id: string }>(
        `INSERT INTO ledger_accounts (realm, owner_type, owner, kind, asset) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (realm, owner_type, owner, kind, asset) DO NOTHING RETURNING id::text AS id`,
        params,
      );
      // Created meanwhile by a concurrent posting (committed, or we waited for it): read it.
      if (!row) [row] = await find();
    }
    ids.set(k, row?.id as string);
  }
  return ids;
}
