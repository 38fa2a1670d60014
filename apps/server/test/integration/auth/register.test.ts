import type { Session } from '@otc/protocol/auth/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/i18n/translate.ts';
import {
  count,
  DATABASES,
  lastOutboxCode,
  startServer,
  type TestServer,
  uniqueEmail,
  uniquePhone,
} from '../support/harness.ts';

const PASSWORD = 'Secret123';

describe.each(DATABASES)('registration on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  async function sendCode(email: string) {
    const res = await s.api('/api/auth/sendemail', { email, purpose: 'register' });
    expect(res.body.code).toBe(200);
    return lastOutboxCode(s.db, email.toLowerCase());
  }

  /** Sends `body` and expects the error `key` with nothing written to the users table. */
  async function expectRefused(path: string, body: unknown, key: string, status: number, lang = 'en') {
    const before = await count(s.db, 'users');
    const res = await s.api(path, body, { lang });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(status);
    expect(res.body.data.error).toBe(key);
    expect(res.body.msg.length).toBeGreaterThan(3);
    expect(await count(s.db, 'users')).toBe(before);
    return res;
  }

  it('registers by email with the code from the outbox, then the token works until logout', async () => {
    const email = uniqueEmail();
    const code = await sendCode(email);
    const res = await s.api<Session>('/api/auth/register', {
      type: 'email',
      account: email,
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
    });
    expect(res.body.code).toBe(200);
    expect(res.body.msg).toBe('Operation successful');
    const { token, user } = res.body.data;
    expect(user.email).toBe(email);
    expect(user.kind).toBe('real');
    expect(user.hasTradePassword).toBe(true);
    expect(user.id).toMatch(/^\d{8,}$/);

    const info = await s.api<Session['user']>('/api/auth/userinfo', {}, { token });
    expect(info.body.data.id).toBe(user.id);
    const trade = await s.api<{ exists: boolean }>('/api/auth/existtradepassword', {}, { token });
    expect(trade.body.data.exists).toBe(true);

    expect((await s.api('/api/auth/logout', {}, { token })).body.code).toBe(200);
    const after = await s.api('/api/auth/userinfo', {}, { token });
    expect(after.status).toBe(401);
    expect(after.body.data.error).toBe('unauthorized');

    const login = await s.api<Session>('/api/auth/login', {
      account: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(login.body.code).toBe(200);
    expect(login.body.data.user.id).toBe(user.id);
  });

  it('registers by mobile with an SMS code and links the referrer of an invite code', async () => {
    const email = uniqueEmail('referrer');
    const referrer = await s.api<Session>('/api/auth/register', {
      type: 'email',
      account: email,
      code: await sendCode(email),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
    });
    const phone = uniquePhone();
    expect((await s.api('/api/auth/sendsms', { phone, purpose: 'register' })).body.code).toBe(200);
    const code = await lastOutboxCode(s.db, phone);
    const res = await s.api<Session>('/api/auth/register', {
      type: 'mobile',
      account: phone,
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      inviteCode: referrer.body.data.user.inviteCode.toLowerCase(),
      agree: true,
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.user.phone).toBe(phone);
    const [row] = await s.db.query<{ referrer_id: string }>(
      'SELECT referrer_id::text AS referrer_id FROM users WHERE id = $1',
      [res.body.data.user.id],
    );
    expect(row?.referrer_id).toBe(referrer.body.data.user.id);
  });

  it('refuses every malformed registration with a translated error and creates nothing', async () => {
    const email = uniqueEmail();
    const code = await sendCode(email);
    const good = {
      type: 'email',
      account: email,
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
    };
    const r = '/api/auth/register';

    const missing = await expectRefused(r, { ...good, password: undefined }, 'field_required', 400, 'de');
    expect(missing.body.data.field).toBe('password');
    expect(missing.body.msg).toBe(
      translate('de', 'field_required', { field: translate('de', 'field.password') }),
    );

    await expectRefused(r, { ...good, account: 'not-an-email' }, 'field_invalid', 400);
    await expectRefused(r, { ...good, account: `${'a'.repeat(300)}@example.com` }, 'field_too_long', 400);
    await expectRefused(
      r,
      { ...good, password: 'x'.repeat(10_000), confirmPassword: 'x' },
      'field_too_long',
      400,
    );
    await expectRefused(r, { ...good, type: 'fax' }, 'field_invalid', 400);
    await expectRefused(r, { ...good, code: '12345' }, 'field_invalid', 400);
    await expectRefused(r, { ...good, agree: 'yes' }, 'field_invalid', 400);
    await expectRefused(r, { ...good, confirmPassword: 'Secret124' }, 'password_mismatch', 400);
    await expectRefused(r, { ...good, password: 'short1', confirmPassword: 'short1' }, 'password_weak', 400);
    await expectRefused(
      r,
      { ...good, password: 'lettersonly', confirmPassword: 'lettersonly' },
      'password_weak',
      400,
    );
    await expectRefused(
      r,
      { ...good, password: '1234567890', confirmPassword: '1234567890' },
      'password_weak',
      400,
    );
    await expectRefused(r, { ...good, agree: false }, 'agreement_required', 400);
    await expectRefused(r, { ...good, inviteCode: 'NOPE1234' }, 'invite_code_invalid', 400);
    await expectRefused(r, { ...good, inviteCode: "'; DROP TABLE users; --" }, 'field_invalid', 400);
    await expectRefused(r, { ...good, code: code === '000000' ? '111111' : '000000' }, 'code_invalid', 400);
    await expectRefused(r, [good], 'field_invalid', 400);
    await expectRefused(r, null, 'field_invalid', 400);

    // After all that, the right code still works: bad input changed nothing but the try counter.
    const ok = await s.api(r, good);
    expect(ok.body.code).toBe(200);
    // ...and it is spent: the same code cannot register again, nor make a duplicate account.
    await expectRefused(r, good, 'account_exists', 409);
    await expectRefused(r, { ...good, account: uniqueEmail() }, 'code_expired', 400);
  });

  it('refuses an expired code and a reused code', async () => {
    const email = uniqueEmail();
    const code = await sendCode(email);
    await s.db.query(
      `UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = $1`,
      [email],
    );
    const body = {
      type: 'email',
      account: email,
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
    };
    await expectRefused('/api/auth/register', body, 'code_expired', 400);
  });

  it('spends a code after 5 wrong tries', async () => {
    const email = uniqueEmail();
    const code = await sendCode(email);
    const wrong = code === '999999' ? '888888' : '999999';
    const body = {
      type: 'email',
      account: email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
    };
    for (let i = 0; i < 4; i++)
      await expectRefused('/api/auth/register', { ...body, code: wrong }, 'code_invalid', 400);
    await expectRefused('/api/auth/register', { ...body, code: wrong }, 'code_too_many_attempts', 400);
    await expectRefused('/api/auth/register', { ...body, code }, 'code_too_many_attempts', 400);
  });

  it('asks to wait 60 s before resending, and refuses codes for taken accounts', async () => {
    const email = uniqueEmail();
    await sendCode(email);
    const again = await s.api('/api/auth/sendemail', { email, purpose: 'register' });
    expect(again.status).toBe(429);
    expect(again.body.data.error).toBe('code_resend_too_soon');
    expect(again.body.msg).toMatch(/\d+ s/);
    expect(await count(s.db, `outbox WHERE target = '${email}'`)).toBe(1);

    const taken = uniqueEmail();
    await s.api('/api/auth/register', {
      type: 'email',
      account: taken,
      code: await sendCode(taken),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
    });
    const dup = await s.api('/api/auth/sendemail', { email: taken, purpose: 'register' });
    expect(dup.status).toBe(409);
    expect(dup.body.data.error).toBe('account_exists');
    const bad = await s.api('/api/auth/sendsms', { phone: '12345', purpose: 'register' });
    expect(bad.body.data.error).toBe('phone_invalid');
    expect(bad.body.data.field).toBe('phone');
  });
});
