import type { User } from '@otc/protocol/auth/schemas';

export interface UserRow {
  id: string;
  kind: 'real' | 'demo';
  status: 'active' | 'disabled';
  email: string | null;
  phone: string | null;
  wallet_address: string | null;
  password_hash: string | null;
  trade_password_hash: string | null;
  /** Which password guards money leaving the account (migration 020). */
  trade_password_mode: 'login' | 'own' | 'none';
  nickname: string;
  avatar: string | null;
  invite_code: string;
  vip_level: number;
  created_at: Date | string;
}

export const USER_COLUMNS = `id::text AS id, kind, status, email, phone, wallet_address, password_hash,
  trade_password_hash, trade_password_mode, nickname, avatar, invite_code, vip_level, created_at`;

/** The user as the protocol shows it: never a hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    nickname: row.nickname,
    avatar: row.avatar,
    email: row.email,
    phone: row.phone,
    walletAddress: row.wallet_address,
    kind: row.kind,
    vipLevel: row.vip_level,
    inviteCode: row.invite_code,
    hasTradePassword: row.trade_password_mode !== 'none',
    createdAt: new Date(row.created_at).toISOString(),
  };
}
