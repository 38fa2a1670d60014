import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { fail } from '../http/errors.ts';

/**
 * The advisory-lock space of idempotency keys (the two-key form, apart from the one-key locks that
 * elect owners and run migrations).
 */
const KEY_LOCKS = 0x1de;

/**
 * Runs a money-moving request once per idempotency key. The key is scoped to the user; the
 * request's fingerprint is stored with it. The same key and request again answer the first
 * answer without moving anything; the same key with another request is refused.
 * `run` must post its journal with `idempotencyKey` and `requestHash` as given.
 *
 * Repeats that arrive together wait for the first: each transaction first takes the key's lock,
 * then looks for an earlier answer. Looking before the transaction alone was not enough: a repeat
 * that looked while the first was still running ran the request again, and failed on what the
 * first had changed (the balance it moved, the quote it spent) before it reached the unique key.
 */
export async function once<T>(
  db: Db,
  scope: string,
  key: string,
  request: unknown,
  run: (q: Queryable, idem: { idempotencyKey: string; requestHash: string }) => Promise<T>,
): Promise<T> {
  const { idempotencyKey, requestHash } = idempotency(scope, key, request);
  // A retry long after the first answered needs no transaction.
  const earlier = await previous<T>(db, idempotencyKey, requestHash);
  if (earlier !== undefined) return earlier;
  try {
    return await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [KEY_LOCKS, idempotencyKey]);
      const first = await previous<T>(q, idempotencyKey, requestHash);
      if (first !== undefined) return first;
      return run(q, { idempotencyKey, requestHash });
    });
  } catch (err) {
    // Writers that do not take the key's lock (the spot intake's statement) meet the unique key:
    // the loser answers as the winner did.
    if ((err as { code?: string }).code === '23505') {
      const winner = await previous<T>(db, idempotencyKey, requestHash);
      if (winner !== undefined) return winner;
    }
    throw err;
  }
}

/** A request's idempotency key, scoped to the user, and the fingerprint stored with it. */
export function idempotency(scope: string, key: string, request: unknown) {
  return {
    idempotencyKey: `${scope}:${key}`,
    requestHash: createHash('sha256').update(JSON.stringify(request)).digest('hex'),
  };
}

/** The answer stored under an idempotency key, if any; another request under it is refused. */
export async function previous<T>(
  q: Queryable,
  idempotencyKey: string,
  requestHash: string,
): Promise<T | undefined> {
  const [row] = await q.query<{ request_hash: string; result: T }>(
    'SELECT request_hash, result FROM journal WHERE idempotency_key = $1',
    [idempotencyKey],
  );
  if (!row) return undefined;
  if (row.request_hash !== requestHash) fail('idempotency_conflict');
  return row.result;
}
