import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { fail } from '../http/errors.ts';

/**
 * Runs a money-moving request once per idempotency key. The key is scoped to the user; the
 * request's fingerprint is stored with it. The same key and request again answer the first
 * answer without moving anything; the same key with another request is refused.
 * `run` must post its journal with `idempotencyKey` and `requestHash` as given.
 */
export async function once<T>(
  db: Db,
  scope: string,
  key: string,
  request: unknown,
  run: (q: Queryable, idem: { idempotencyKey: string; requestHash: string }) => Promise<T>,
): Promise<T> {
  const { idempotencyKey, requestHash } = idempotency(scope, key, request);
  const earlier = await previous<T>(db, idempotencyKey, requestHash);
  if (earlier !== undefined) return earlier;
  try {
    return await db.tx((q) => run(q, { idempotencyKey, requestHash }));
  } catch (err) {
    // Two requests with one key at once: the loser meets the unique key and answers as the winner did.
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

async function previous<T>(db: Db, idempotencyKey: string, requestHash: string): Promise<T | undefined> {
  const [row] = await db.query<{ request_hash: string; result: T }>(
    'SELECT request_hash, result FROM journal WHERE idempotency_key = $1',
    [idempotencyKey],
  );
  if (!row) return undefined;
  if (row.request_hash !== requestHash) fail('idempotency_conflict');
  return row.result;
}
