import { externalAccount, move, parseUnits, userAccount } from '@otc/core';
import type { Session } from '@otc/protocol/auth/schemas';
import { expect } from 'vitest';
import { post } from '../../../src/postings/index.ts';
import { lastOutboxCode, type TestServer, uniqueEmail } from './harness.ts';

export const PASSWORD = 'Secret123';
/** What a new demo user finds in its contract account (issue 24; apps/server/src/ledger/grants.ts). */
export const DEMO_CONTRACT_GRANT = '10000';

/** A real user registered by email the way the app does it. */
export async function registerUser(
  s: TestServer,
  email = uniqueEmail(),
  /** More request headers: the address a local proxy forwards, for a suite that counts addresses. */
  headers: Record<string, string> = {},
): Promise<Session & { email: string }> {
  expect((await s.api('/api/auth/sendemail', { email, purpose: 'register' }, { headers })).body.code).toBe(
    200,
  );
  const code = await lastOutboxCode(s.db, email);
  const res = await s.api<Session>(
    '/api/auth/register',
    { type: 'email', account: email, code, password: PASSWORD, confirmPassword: PASSWORD, agree: true },
    { headers },
  );
  expect(res.body.code).toBe(200);
  return { ...res.body.data, email };
}

/** Credits a real user's funding account through the ledger's own posting, as a deposit will. */
export async function deposit(s: TestServer, userId: string, asset: string, amount: string): Promise<void> {
  await s.db.tx((q) =>
    post(q, {
      realm: 'live',
      kind: 'test.deposit',
      legs: move(externalAccount('test'), userAccount(userId, 'funding'), asset, parseUnits(amount)),
    }),
  );
}
