import type { AdminSession } from '@otc/protocol/admin/schemas';
import type { KycApplication } from '@otc/protocol/kyc/schemas';
import { expect } from 'vitest';
import { basicApplication } from '../kyc/kyc-fixtures.ts';
import { deposit, registerUser } from '../support/accounts.ts';
import { ADMIN, type TestServer } from '../support/harness.ts';

/** A user with basic verification approved by an operator, the way the app and back office do it. */
export async function verifiedUser(s: TestServer, usdt?: string) {
  const u = await registerUser(s);
  const applied = await s.api('/api/auth/applyApprove', await basicApplication(s, u.token), {
    token: u.token,
  });
  expect(applied.body.code, JSON.stringify(applied.body)).toBe(200);
  const admin = (await s.api<AdminSession>('/api/admin/login', ADMIN)).body.data.token;
  const queue = await s.api<{ items: KycApplication[] }>(
    '/api/admin/kyc/applications?status=reviewing&pageSize=100',
    undefined,
    { token: admin },
  );
  const mine = queue.body.data.items.find((a) => a.userId === u.user.id);
  expect((await s.api('/api/admin/kyc/approve', { id: mine?.id }, { token: admin })).body.code).toBe(200);
  if (usdt) await deposit(s, u.user.id, 'USDT', usdt);
  return u;
}

/** The user's USDT in the funding account, available and frozen, as the ledger holds it. */
export async function usdtOf(s: TestServer, userId: string) {
  const [row] = await s.db.query<{ available: string; frozen: string }>(
    `SELECT available::text AS available, frozen::text AS frozen FROM ledger_accounts
     WHERE realm = 'live' AND owner_type = 'user' AND owner = $1 AND kind = 'funding' AND asset = 'USDT'`,
    [userId],
  );
  const n = (v: string | undefined) => Number(v ?? 0).toString();
  return { available: n(row?.available), frozen: n(row?.frozen) };
}

let keys = 0;
export const newKey = () => `wd-${Date.now().toString(36)}-${keys++}`;
