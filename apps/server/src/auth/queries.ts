import { one, type Queryable } from '../db/db.ts';
import type { SessionOrigin } from './session-origin.ts';

/** A session from `now` (the clock's) for `days`, seen now from where it was opened. */
export const insertSession = (
  q: Queryable,
  tokenHash: string,
  userId: string,
  days: number,
  now: Date,
  origin: SessionOrigin,
) =>
  q.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, device, ip)
     VALUES ($1, $2, $4::timestamptz, $4::timestamptz, $4::timestamptz + make_interval(days => $3), $5, $6)`,
    [tokenHash, userId, days, now.toISOString(), origin.device, origin.ip],
  );

export const revokeSession = (q: Queryable, tokenHash: string) =>
  q.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);

export const revokeAllSessions = (q: Queryable, userId: string) =>
  q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);

/** Every session of the user but `keepTokenHash` (the one asking). */
export const revokeOtherSessions = (q: Queryable, userId: string, keepTokenHash: string) =>
  q.query(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND token_hash <> $2 AND revoked_at IS NULL',
    [userId, keepTokenHash],
  );

export const loginFailures = async (q: Queryable, account: string) =>
  (await one<{ failures: number }>(q, 'SELECT failures FROM login_failures WHERE account = $1', [account]))
    ?.failures ?? 0;

export const recordLoginFailure = (q: Queryable, account: string) =>
  q.query(
    `INSERT INTO login_failures (account, failures) VALUES ($1, 1)
     ON CONFLICT (account) DO UPDATE SET failures = login_failures.failures + 1, last_failed_at = now()`,
    [account],
  );

export const clearLoginFailures = (q: Queryable, account: string) =>
  q.query('DELETE FROM login_failures WHERE account = $1', [account]);
