import { one, type Queryable } from '../db/db.ts';
import { USER_COLUMNS, type UserRow } from './user-row.ts';

export type AccountColumn = 'email' | 'phone';

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
  tradePasswordHash?: string | null;
  nickname: string;
  inviteCode: string;
  referrerId?: string | null;
}

export async function insertUser(q: Queryable, u: NewUser): Promise<UserRow> {
  const rows = await q.query<UserRow>(
    `INSERT INTO users (kind, email, phone, wallet_address, password_hash, trade_password_hash, nickname, invite_code, referrer_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${USER_COLUMNS}`,
    [
      u.kind,
      u.email ?? null,
      u.phone ?? null,
      u.walletAddress?.toLowerCase() ?? null,
      u.passwordHash ?? null,
      u.tradePasswordHash ?? null,
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
