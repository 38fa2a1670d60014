import type { Captcha, Session } from '@otc/protocol/auth/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerUser } from './accounts.ts';
import { count, DATABASES, lastOutboxCode, startServer, type TestServer, uniqueEmail } from './harness.ts';

describe.each(DATABASES)('login, captcha, reset and demo on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { captchaEcho: true });
  });
  afterAll(() => s.close());

  /** The answer of a captcha as the echo prints it in the server log (dev and e2e only). */
  function echoedAnswer(id: string): string {
    const line = s.logs.find((l) => l.includes(id) && l.includes('captchaEcho'));
    if (!line) throw new Error('no captcha echo in the log');
    return (JSON.parse(line) as { captchaEcho: { answer: string } }).captchaEcho.answer;
  }

  it('asks for the captcha after 3 wrong passwords and lets the right answer in', async () => {
    const { email, user } = await registerUser(s);
    for (let i = 0; i < 3; i++) {
      const res = await s.api('/api/auth/login', { account: email, password: 'Wrong1234' });
      expect(res.status).toBe(401);
      expect(res.body.data.error).toBe('login_failed');
    }
    const state = await s.api<{ captchaRequired: boolean }>(
      `/api/auth/login?account=${encodeURIComponent(email)}`,
    );
    expect(state.body.data.captchaRequired).toBe(true);

    // Even the right password is refused without the captcha now.
    const noCaptcha = await s.api('/api/auth/login', { account: email, password: PASSWORD });
    expect(noCaptcha.body.data.error).toBe('captcha_required');

    const c1 = (await s.api<Captcha>('/api/auth/captcha')).body.data;
    expect(c1.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(c1.image.split(',')[1] ?? '', 'base64').toString();
    expect(svg).not.toContain(echoedAnswer(c1.id));
    const wrong = await s.api('/api/auth/login', {
      account: email,
      password: PASSWORD,
      captchaId: c1.id,
      captcha: 'ZZZZZ',
    });
    expect(wrong.body.data.error).toBe('captcha_invalid');
    // One try per captcha: the right answer to a spent captcha fails too.
    const spent = await s.api('/api/auth/login', {
      account: email,
      password: PASSWORD,
      captchaId: c1.id,
      captcha: echoedAnswer(c1.id),
    });
    expect(spent.body.data.error).toBe('captcha_invalid');

    const c2 = (await s.api<Captcha>('/api/auth/captcha')).body.data;
    const ok = await s.api<Session>('/api/auth/login', {
      account: email,
      password: PASSWORD,
      captchaId: c2.id,
      captcha: echoedAnswer(c2.id).toLowerCase(),
    });
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.user.id).toBe(user.id);
    const after = await s.api<{ captchaRequired: boolean }>(
      `/api/auth/login?account=${encodeURIComponent(email)}`,
    );
    expect(after.body.data.captchaRequired).toBe(false);
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const unknown = await s.api('/api/auth/login', { account: uniqueEmail('ghost'), password: PASSWORD });
    const { email } = await registerUser(s);
    const wrong = await s.api('/api/auth/login', { account: email, password: 'Wrong1234' });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body.msg).toBe(wrong.body.msg);
    const hostile = await s.api('/api/auth/login', { account: "' OR 1=1 --", password: "' OR '1'='1" });
    expect(hostile.body.data.error).toBe('login_failed');
  });

  it('resets a password with an emailed code, ending every old session', async () => {
    const { email, token } = await registerUser(s);
    const unknown = await s.api('/api/auth/sendemail', { email: uniqueEmail('nobody'), purpose: 'reset' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.data.error).toBe('account_not_found');

    expect((await s.api('/api/auth/sendemail', { email, purpose: 'reset' })).body.code).toBe(200);
    const code = await lastOutboxCode(s.db, email);
    const body = {
      type: 'email',
      account: email,
      code,
      password: 'NewSecret456',
      confirmPassword: 'NewSecret456',
    };
    const mismatch = await s.api('/api/auth/resetpassword', { ...body, confirmPassword: 'NewSecret457' });
    expect(mismatch.body.data.error).toBe('password_mismatch');
    expect((await s.api('/api/auth/login', { account: email, password: PASSWORD })).body.code).toBe(200);

    expect((await s.api('/api/auth/resetpassword', body)).body.code).toBe(200);
    expect((await s.api('/api/auth/userinfo', {}, { token })).status).toBe(401);
    expect((await s.api('/api/auth/login', { account: email, password: PASSWORD })).body.data.error).toBe(
      'login_failed',
    );
    expect((await s.api('/api/auth/login', { account: email, password: 'NewSecret456' })).body.code).toBe(
      200,
    );
    // The code is spent.
    const reuse = await s.api('/api/auth/resetpassword', {
      ...body,
      password: 'Other7890',
      confirmPassword: 'Other7890',
    });
    expect(reuse.body.data.error).toBe('code_expired');
  });

  it('creates a demo user at once, who has no transaction password', async () => {
    const before = await count(s.db, `users WHERE kind = 'demo'`);
    const res = await s.api<Session>('/api/auth/loginvirtual', {}, { lang: 'en' });
    expect(res.body.code).toBe(200);
    expect(res.body.data.user.kind).toBe('demo');
    expect(res.body.data.user.email).toBeNull();
    expect(await count(s.db, `users WHERE kind = 'demo'`)).toBe(before + 1);
    const trade = await s.api<{ exists: boolean }>(
      '/api/auth/existtradepassword',
      {},
      { token: res.body.data.token },
    );
    expect(trade.body.data.exists).toBe(false);
  });

  it('refuses calls that need a user without a valid bearer token', async () => {
    for (const token of [undefined, 'garbage', 'x'.repeat(600)]) {
      const res = await s.api('/api/auth/userinfo', {}, token ? { token } : {});
      expect(res.status).toBe(401);
      expect(res.body.data.error).toBe('unauthorized');
    }
  });
});
