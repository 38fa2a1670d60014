import { one, type Queryable } from '../../db/db.ts';

export interface TotpRow {
  secret: string;
  enabled: boolean;
  last_step: number;
}

export const findTotp = (q: Queryable, userId: string) =>
  one<TotpRow>(
    q,
    `SELECT secret, enabled_at IS NOT NULL AS enabled, last_step::float8 AS last_step
       FROM totp_secrets WHERE user_id = $1`,
    [userId],
  );

/** A new secret waiting for its first code; one set up before and never confirmed is replaced. */
export const putPendingTotp = (q: Queryable, userId: string, secret: string, now: Date) =>
  q.query(
    `INSERT INTO totp_secrets (user_id, secret, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = EXCLUDED.created_at,
       last_step = 0 WHERE totp_secrets.enabled_at IS NULL`,
    [userId, secret, now.toISOString()],
  );

/**
 * Spends a step: only a later one than the last accepted moves it, so two requests racing with the
 * same code cannot both pass (the second finds nothing to update).
 */
export const spendStep = async (q: Queryable, userId: string, step: number) =>
  (
    await q.query(
      'UPDATE totp_secrets SET last_step = $2 WHERE user_id = $1 AND last_step < $2 RETURNING user_id',
      [userId, step],
    )
  ).length === 1;

/** Turns it on once: false when another request did first (its recovery codes stand). */
export const markTotpEnabled = async (q: Queryable, userId: string, now: Date) =>
  (
    await q.query(
      'UPDATE totp_secrets SET enabled_at = $2 WHERE user_id = $1 AND enabled_at IS NULL RETURNING user_id',
      [userId, now.toISOString()],
    )
  ).length === 1;

export async function removeTotp(q: Queryable, userId: string): Promise<void> {
  await q.query('DELETE FROM totp_recovery_codes WHERE user_id = $1', [userId]);
  await q.query('DELETE FROM login_challenges WHERE user_id = $1', [userId]);
  await q.query('DELETE FROM totp_secrets WHERE user_id = $1', [userId]);
}

export async function putRecoveryCodes(q: Queryable, userId: string, hashes: string[]): Promise<void> {
  await q.query('DELETE FROM totp_recovery_codes WHERE user_id = $1', [userId]);
  for (const hash of hashes)
    await q.query('INSERT INTO totp_recovery_codes (user_id, code_hash) VALUES ($1, $2)', [userId, hash]);
}

/** Uses a recovery code once: true when it was the user's and unused. */
export const spendRecoveryCode = async (q: Queryable, userId: string, hash: string, now: Date) =>
  (
    await q.query(
      `UPDATE totp_recovery_codes SET used_at = $3
        WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id`,
      [userId, hash, now.toISOString()],
    )
  ).length === 1;

export const recoveryCodesLeft = async (q: Queryable, userId: string) =>
  (
    await one<{ n: number }>(
      q,
      'SELECT count(*)::int AS n FROM totp_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    )
  )?.n ?? 0;

export const insertChallenge = (
  q: Queryable,
  tokenHash: string,
  userId: string,
  account: string,
  expiresAt: Date,
) =>
  q.query('INSERT INTO login_challenges (token_hash, user_id, account, expires_at) VALUES ($1, $2, $3, $4)', [
    tokenHash,
    userId,
    account,
    expiresAt.toISOString(),
  ]);

export interface ChallengeRow {
  user_id: string;
  account: string;
  attempts: number;
}

/** A challenge still open at `now` (unexpired, unused), counting this try against it. */
export const tryChallenge = (q: Queryable, tokenHash: string, now: Date) =>
  one<ChallengeRow>(
    q,
    `UPDATE login_challenges SET attempts = attempts + 1
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
      RETURNING user_id::text AS user_id, account, attempts`,
    [tokenHash, now.toISOString()],
  );

/** Uses the challenge: false when another request did first (one challenge, one session). */
export const closeChallenge = async (q: Queryable, tokenHash: string, now: Date) =>
  (
    await q.query(
      'UPDATE login_challenges SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL RETURNING user_id',
      [tokenHash, now.toISOString()],
    )
  ).length === 1;
