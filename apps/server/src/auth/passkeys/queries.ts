import { one, type Queryable } from '../../db/db.ts';

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  sign_count: number;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = `id::text AS id, user_id::text AS user_id, credential_id, public_key,
  sign_count::float8 AS sign_count, transports, name, created_at, last_used_at`;

export const passkeysOf = (q: Queryable, userId: string) =>
  q.query<PasskeyRow>(`SELECT ${COLUMNS} FROM passkeys WHERE user_id = $1 ORDER BY id`, [userId]);

export const findPasskey = (q: Queryable, credentialId: string) =>
  one<PasskeyRow>(q, `SELECT ${COLUMNS} FROM passkeys WHERE credential_id = $1`, [credentialId]);

export const insertPasskey = (
  q: Queryable,
  p: Pick<PasskeyRow, 'user_id' | 'credential_id' | 'public_key' | 'sign_count' | 'transports' | 'name'>,
  now: Date,
) =>
  one<PasskeyRow>(
    q,
    `INSERT INTO passkeys (user_id, credential_id, public_key, sign_count, transports, name, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (credential_id) DO NOTHING RETURNING ${COLUMNS}`,
    [p.user_id, p.credential_id, p.public_key, p.sign_count, p.transports, p.name, now.toISOString()],
  );

/**
 * Records a use: only a counter above the stored one moves it (two racing sign-ins with one
 * signature cannot both pass). An authenticator that keeps no counter sends 0 every time, and stays 0.
 */
export const markUsed = async (q: Queryable, id: string, counter: number, now: Date) =>
  (
    await q.query(
      `UPDATE passkeys SET sign_count = $2, last_used_at = $3
        WHERE id = $1 AND (sign_count < $2 OR (sign_count = 0 AND $2 = 0)) RETURNING id`,
      [id, counter, now.toISOString()],
    )
  ).length === 1;

export const deletePasskey = async (q: Queryable, userId: string, id: string) =>
  (await q.query('DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId])).length ===
  1;

export const insertChallenge = (
  q: Queryable,
  hash: string,
  purpose: 'register' | 'login',
  userId: string | null,
  expiresAt: Date,
) =>
  q.query(
    'INSERT INTO passkey_challenges (challenge_hash, purpose, user_id, expires_at) VALUES ($1, $2, $3, $4)',
    [hash, purpose, userId, expiresAt.toISOString()],
  );

/** Spends a challenge: true once, for the purpose (and user) it was issued to, before it expires. */
export const spendChallenge = async (
  q: Queryable,
  hash: string,
  purpose: 'register' | 'login',
  userId: string | null,
  now: Date,
) =>
  (
    await q.query(
      `UPDATE passkey_challenges SET used_at = $4
        WHERE challenge_hash = $1 AND purpose = $2 AND user_id IS NOT DISTINCT FROM $3
          AND used_at IS NULL AND expires_at > $4 RETURNING challenge_hash`,
      [hash, purpose, userId, now.toISOString()],
    )
  ).length === 1;
