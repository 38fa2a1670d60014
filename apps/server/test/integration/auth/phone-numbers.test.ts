import type { Session } from '@otc/protocol/auth/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/i18n/translate.ts';
import { count, DATABASES, lastOutboxCode, startServer, type TestServer } from '../support/harness.ts';

const PASSWORD = 'Secret123';

/** Issue 23: numbers as people type them at home, with the country chosen, and their E.164. */
const CASES = [
  { region: 'IT', typed: '06 1234 5678', e164: '+390612345678' },
  { region: 'RU', typed: '8 916 123 45 67', e164: '+79161234567' },
  { region: 'GB', typed: '07911 123456', e164: '+447911123456' },
  { region: 'US', typed: '(201) 555-0123', e164: '+12015550123' },
  { region: 'CN', typed: '138 0013 8000', e164: '+8613800138000' },
];

describe.each(DATABASES)('mobile numbers in E.164 on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  it.each(CASES)('texts and registers $typed in $region as $e164', async ({ region, typed, e164 }) => {
    const sent = await s.api('/api/auth/sendsms', { phone: typed, region, purpose: 'register' });
    expect(sent.body.code).toBe(200);
    // The code went to the number the person owns, not to one with a digit missing or added.
    const code = await lastOutboxCode(s.db, e164);
    const res = await s.api<Session>('/api/auth/register', {
      type: 'mobile',
      account: typed,
      region,
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.user.phone).toBe(e164);

    // Logging in finds the user however the number is typed: international with spaces, or national.
    for (const login of [
      { account: e164 },
      { account: `${e164.slice(0, 3)} ${e164.slice(3)}` },
      { account: typed, region },
    ]) {
      const ok = await s.api<Session>('/api/auth/login', { ...login, password: PASSWORD });
      expect(ok.body.code, JSON.stringify(login)).toBe(200);
      expect(ok.body.data.user.id).toBe(res.body.data.user.id);
    }
  });

  it('resets the password of a number typed in its national form', async () => {
    const { region, typed, e164 } = { region: 'IT', typed: '06 9876 5432', e164: '+390698765432' };
    await s.api('/api/auth/sendsms', { phone: e164, purpose: 'register' });
    const registered = await s.api<Session>('/api/auth/register', {
      type: 'mobile',
      account: e164,
      code: await lastOutboxCode(s.db, e164),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
    });
    expect(registered.body.code).toBe(200);
    expect((await s.api('/api/auth/sendsms', { phone: typed, region, purpose: 'reset' })).body.code).toBe(
      200,
    );
    const reset = await s.api('/api/auth/resetpassword', {
      type: 'mobile',
      account: typed,
      region,
      code: await lastOutboxCode(s.db, e164),
      password: 'Newpass123',
      confirmPassword: 'Newpass123',
    });
    expect(reset.body.code).toBe(200);
    const ok = await s.api<Session>('/api/auth/login', { account: e164, password: 'Newpass123' });
    expect(ok.body.data.user.id).toBe(registered.body.data.user.id);
  });

  it('refuses a number that is not one, in the request language, and sends and stores nothing', async () => {
    const outbox = await count(s.db, 'outbox');
    const users = await count(s.db, 'users');
    const refused = [
      { phone: '12345', region: 'US' },
      { phone: '06 123', region: 'IT' },
      // What the old form built from an Italian number: its leading 0 lost.
      { phone: '+39612345678' },
      // A national number with no country to read it in.
      { phone: '0612345678' },
      { phone: '06 1234 5678', region: 'ZZ' },
    ];
    for (const body of refused) {
      const res = await s.api('/api/auth/sendsms', { ...body, purpose: 'register' }, { lang: 'it' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data, JSON.stringify(body)).toMatchObject({ error: 'phone_invalid', field: 'phone' });
      expect(res.body.msg).toBe(translate('it', 'phone_invalid'));
    }
    const register = await s.api('/api/auth/register', {
      type: 'mobile',
      account: '12345',
      region: 'US',
      code: '123456',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
    });
    expect(register.body.data.error).toBe('phone_invalid');
    // A region that is not two capitals is malformed input.
    const lower = await s.api('/api/auth/sendsms', {
      phone: '06 1234 5678',
      region: 'it',
      purpose: 'register',
    });
    expect(lower.status).toBe(400);
    expect(await count(s.db, 'outbox')).toBe(outbox);
    expect(await count(s.db, 'users')).toBe(users);
  });
});
