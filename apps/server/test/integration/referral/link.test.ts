import type { DemoSession, Session } from '@otc/protocol/auth/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  count,
  DATABASES,
  lastOutboxCode,
  startServer,
  type TestServer,
  uniqueEmail,
} from '../support/harness.ts';

const PASSWORD = 'Secret123';

/**
 * The referrer link (docs/decisions/0127-referral.md): made once, at registration, one level, by a
 * real user's code only. Registration itself is auth's; these are the rules referral relies on.
 */
describe.each(DATABASES)('referral links on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  async function register(inviteCode?: string) {
    const email = uniqueEmail('ref');
    expect((await s.api('/api/auth/sendemail', { email, purpose: 'register' })).body.code).toBe(200);
    return s.api<Session>('/api/auth/register', {
      type: 'email',
      account: email,
      code: await lastOutboxCode(s.db, email.toLowerCase()),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
      ...(inviteCode === undefined ? {} : { inviteCode }),
    });
  }
  const referrerOf = async (userId: string) =>
    (
      await s.db.query<{ referrer_id: string | null }>(
        'SELECT referrer_id::text AS referrer_id FROM users WHERE id = $1',
        [userId],
      )
    )[0]?.referrer_id;

  it('links one level only: a referee of a referee names its own referrer, never the first one', async () => {
    const a = (await register()).body.data.user;
    const b = (await register(a.inviteCode)).body.data.user;
    const c = (await register(b.inviteCode.toLowerCase())).body.data.user;
    expect(await referrerOf(b.id)).toBe(a.id);
    expect(await referrerOf(c.id)).toBe(b.id);
    expect(await referrerOf(a.id)).toBeNull();
  });

  it("refuses a demo user's code with a translated error and stores nothing: demo users never refer", async () => {
    const demo = (await s.api<DemoSession>('/api/auth/loginvirtual', {})).body.data;
    expect(demo.user.kind).toBe('demo');
    const before = await count(s.db, 'users');
    const res = await register(demo.user.inviteCode);
    expect(res.status).toBe(400);
    expect(res.body.data.error).toBe('invite_code_invalid');
    expect(res.body.msg.length).toBeGreaterThan(3);
    expect(await count(s.db, 'users')).toBe(before);
  });

  it('gives every user a distinct 8-letter code in the invite alphabet', async () => {
    const rows = await s.db.query<{ invite_code: string }>('SELECT invite_code FROM users WHERE NOT system');
    expect(rows.length).toBeGreaterThan(2);
    for (const r of rows) expect(r.invite_code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ2-9]{8}$/);
    expect(new Set(rows.map((r) => r.invite_code)).size).toBe(rows.length);
  });
});
