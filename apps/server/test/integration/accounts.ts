import type { Session } from '@otc/protocol/auth';
import { expect } from 'vitest';
import { lastOutboxCode, type TestServer, uniqueEmail } from './harness.ts';

export const PASSWORD = 'Secret123';

/** A real user registered by email the way the app does it. */
export async function registerUser(
  s: TestServer,
  email = uniqueEmail(),
): Promise<Session & { email: string }> {
  expect((await s.api('/api/auth/sendemail', { email, purpose: 'register' })).body.code).toBe(200);
  const code = await lastOutboxCode(s.db, email);
  const res = await s.api<Session>('/api/auth/register', {
    type: 'email',
    account: email,
    code,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    agree: true,
  });
  expect(res.body.code).toBe(200);
  return { ...res.body.data, email };
}
