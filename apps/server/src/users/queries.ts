import { one, type Queryable } from '../db/db.ts';
import { USER_COLUMNS, type UserRow } from './user-row.ts';

export type AccountColumn = 'email' | 'phone';

/** Locks a user's row until the caller's transaction ends: what another area serialises per user on. */
export const lockUser = (q: Queryable, id: string) =>
  one<{ system: boolean }>(q, 'SELECT system FROM users WHERE id = $1 FOR UPDATE', [id]);

/** An operator's change of a user's status (the caller has locked the row: `lockUser`). */
export const setUserStatus = (q: Queryable, userId: string, status: 'active' | 'disabled') =>
  q.query('UPDATE users SET status = $2 WHERE id = $1', [userId, status]);

/** Writes VIP levels and volumes (the VIP area's recompute), many users a statement. */
export async function setVipStatus(
  q: Queryable,
  changes: readonly { id: string; level: number; volume: string }[],
): Promise<void> {
  for (let start = 0; start < changes.length; start += 1000) {
    const batch = changes.slice(start, start + 1000);
    await q.query(
      `UPDATE users u SET vip_level = v.level, vip_volume = v.volume
       FROM unnest($1::bigint[], $2::int[], $3::numeric[]) AS v (id, level, volume) WHERE u.id = v.id`,
      [batch.map((c) => c.id), batch.map((c) => c.level), batch.map((c) => c.volume)],
    );
  }
}

export const findUserById = (q: Queryable, id: string) =>
  one<UserRow>(q, `SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);

export const findUserByAccount = (q: Queryable, column: AccountColumn, value: string) =>
  one<UserRow>(q, `SELECT ${USER_COLUMNS} FROM users WHERE ${column} = $1`, [value]);

export const findUserByWallet = (q: Queryable, address: string) =>
  one<UserRow>(q, `SELECT ${USER_COLUMNS} FROM users WHERE wallet_address = $1`, [address.toLowerCase()]);

export const findReferrer = (q: Queryable, inviteCode: string) =>
  one<{ id: string }>(
    q,
    `SELECT id::text AS id FROM users WHERE invite_code = $1 AND kind = 'real' AND NOT system`,
    [inviteCode],
  );

export interface NewUser {
  kind: 'real' | 'demo';
  email?: string | null;
  phone?: string | null;
  walletAddress?: string | null;
  passwordHash?: string | null;
  /** Seed: a password sign-up's transaction password is its login password until it sets one. */
  tradePasswordMode?: 'login' | 'none';
  nickname: string;
  inviteCode: string;
  referrerId?: string | null;
}

export async function insertUser(q: Queryable, u: NewUser): Promise<UserRow> {
  const rows = await q.query<UserRow>(
    `INSERT INTO users (kind, email, phone, wallet_address, password_hash, trade_password_mode, nickname, invite_code, referrer_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${USER_COLUMNS}`,
    [
      u.kind,
      u.email ?? null,
      u.phone ?? null,
      u.walletAddress?.toLowerCase() ?? null,
      u.passwordHash ?? null,
      u.tradePasswordMode ?? 'none',
      u.nickname,
      u.inviteCode,
      u.referrerId ?? null,
    ],
  );
  return rows[0] as UserRow;
}

export const inviteCodeTaken = async (q: Queryable, code: string) =>
  (await q.query('SELECT 1 FROM users WHERE invite_code = $1', [code])).length > 0;

export const setPassword = (q: Queryable, userId: string, hash: string) =>
  q.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, hash]);

export const setNickname = (q: Queryable, userId: string, nickname: string) =>
  one<UserRow>(q, `UPDATE users SET nickname = $2 WHERE id = $1 RETURNING ${USER_COLUMNS}`, [
    userId,
    nickname,
  ]);

export const setAvatar = (q: Queryable, userId: string, avatar: string | null) =>
  one<UserRow>(q, `UPDATE users SET avatar = $2 WHERE id = $1 RETURNING ${USER_COLUMNS}`, [userId, avatar]);

/**
 * A stronger hash of the same password (issue 23: rehashed at the login that proved it), written
 * only if the hash is still the one checked: a password changed meanwhile is not undone.
 */
export const rehashPassword = (
  q: Queryable,
  userId: string,
  column: 'password_hash' | 'trade_password_hash',
  checked: string,
  hash: string,
) => q.query(`UPDATE users SET ${column} = $3 WHERE id = $1 AND ${column} = $2`, [userId, checked, hash]);

/** From now on the transaction password is the user's own, no longer the login password. */
export const setOwnTradePassword = (q: Queryable, userId: string, hash: string) =>
  q.query(`UPDATE users SET trade_password_hash = $2, trade_password_mode = 'own' WHERE id = $1`, [
    userId,
    hash,
  ]);

/** The times (ms) of the user's latest wrong transaction passwords, newest first. */
export async function latestTradePasswordFailures(q: Queryable, userId: string, limit: number) {
  const rows = await q.query<{ failed_at: Date | string }>(
    'SELECT failed_at FROM trade_password_failures WHERE user_id = $1 ORDER BY failed_at DESC LIMIT $2',
    [userId, limit],
  );
  return rows.map((r) => new Date(r.failed_at).getTime());
}

export const recordTradePasswordFailure = (q: Queryable, userId: string, at: Date) =>
  q.query('INSERT INTO trade_password_failures (user_id, failed_at) VALUES ($1, $2::timestamptz)', [
    userId,
    at.toISOString(),
  ]);

export const clearTradePasswordFailures = (q: Queryable, userId: string) =>
  q.query('DELETE FROM trade_password_failures WHERE user_id = $1', [userId]);
