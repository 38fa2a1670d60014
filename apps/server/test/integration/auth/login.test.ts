import type { Captcha, Session } from '@otc/protocol/auth/schemas';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/i18n/translate.ts';
import { PASSWORD, registerUser } from '../support/accounts.ts';
import {
  count,
  DATABASES,
  lastOutboxCode,
  manualClock,
  startServer,
  type TestServer,
  uniqueEmail,
} from '../support/harness.ts';

/** The number behind a challenge, found the only way the response allows: trying each. */
async function solve(c: Captcha): Promise<number> {
  const found = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!found) throw new Error('no number solves the challenge');
  return found.number;
}

/** The login form's captcha field: the ALTCHA payload, base64 of its JSON. */
const payload = (c: Captcha, number: number, change: Partial<Captcha> = {}) =>
  Buffer.from(JSON.stringify({ ...c, ...change, number, maxnumber: undefined })).toString('base64');

describe.each(DATABASES)('login, captcha, reset and demo on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // A low difficulty keeps the brute force of the tests short; the rules are the same.
    s = await startServer(kind, { clock: 'manual', captchaMaxNumber: 2000 });
  });
  afterAll(() => s.close());

  /** A registered user whose next login needs the captcha (3 wrong passwords). */
  async function lockedUser() {
    const registered = await registerUser(s);
    for (let i = 0; i < 3; i++) {
      const res = await s.api('/api/auth/login', { account: registered.email, password: 'Wrong1234' });
      expect(res.status).toBe(401);
      expect(res.body.data.error).toBe('login_failed');
    }
    return registered;
  }

  const captchaRequired = async (account: string) =>
    (await s.api<{ captchaRequired: boolean }>(`/api/auth/login?account=${encodeURIComponent(account)}`)).body
      .data.captchaRequired;

  it('asks for the captcha after 3 wrong passwords and lets a solved one in, once', async () => {
    const { email, user } = await lockedUser();
    expect(await captchaRequired(email)).toBe(true);

    // Even the right password is refused without the captcha now.
    const noCaptcha = await s.api('/api/auth/login', { account: email, password: PASSWORD });
    expect(noCaptcha.body.data.error).toBe('captcha_required');

    const c = (await s.api<Captcha>('/api/auth/captcha')).body.data;
    const number = await solve(c);
    const ok = await s.api<Session>('/api/auth/login', {
      account: email,
      password: PASSWORD,
      captcha: payload(c, number),
    });
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.user.id).toBe(user.id);
    expect(await captchaRequired(email)).toBe(false);

    // The same solution again, for another locked account: refused, however right it is.
    const other = await lockedUser();
    const replay = await s.api('/api/auth/login', {
      account: other.email,
      password: PASSWORD,
      captcha: payload(c, number),
    });
    expect(replay.body.data.error).toBe('captcha_invalid');
    expect(await captchaRequired(other.email)).toBe(true);
  });

  it('sends nothing but what brute force needs: the number is in no field', async () => {
    const res = await s.api<Captcha>('/api/auth/captcha');
    const c = res.body.data;
    expect(Object.keys(c).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
    expect(c.algorithm).toBe('SHA-256');
    expect(c.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(c.signature).toMatch(/^[0-9a-f]{64}$/);
    // The salt is random hex and the expiry only: no number hides in it.
    expect(c.salt).toMatch(/^[0-9a-f]{24}\?expires=\d+&$/);
    expect(c.maxnumber).toBe(2000);
    const number = await solve(c);
    // The number appears in none of the fields that could carry it (but where any digits could: the
    // expiry's). Not the envelope's code 200, the "SHA-256" or the bound 2000: a number of 200, 256 or
    // 2000 would match those.
    const sent = JSON.stringify([c.challenge, c.salt, c.signature]).replace(/expires=\d+/, '');
    expect(sent.match(new RegExp(`(?<![0-9a-f])${number}(?![0-9a-f])`))).toBeNull();
  });

  it('refuses a wrong number, a forged, a malformed and an expired challenge, and keeps nothing', async () => {
    const { email, user } = await lockedUser();
    const c = (await s.api<Captcha>('/api/auth/captcha')).body.data;
    const number = await solve(c);
    const forged = await s.api('/api/auth/login', {
      account: email,
      password: PASSWORD,
      // A challenge of our own making for a number we chose: the signature gives it away.
      captcha: payload(c, 7, {
        challenge: 'a'.repeat(64),
        signature: 'b'.repeat(64),
      }),
    });
    expect(forged.body.data.error).toBe('captcha_invalid');
    const wrong = await s.api(
      '/api/auth/login',
      { account: email, password: PASSWORD, captcha: payload(c, number + 1) },
      { lang: 'de' },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toMatchObject({ error: 'captcha_invalid', field: 'captcha' });
    expect(wrong.body.msg).toBe(translate('de', 'captcha_invalid'));
    for (const junk of ['not base64 at all', Buffer.from('{"algorithm":"SHA-1"}').toString('base64')]) {
      const bad = await s.api('/api/auth/login', { account: email, password: PASSWORD, captcha: junk });
      expect(bad.body.data.error).toBe('captcha_invalid');
    }
    const spent = await s.db.query('SELECT 1 FROM captchas_spent WHERE challenge = $1', [c.challenge]);
    expect(spent).toEqual([]);

    // The refused tries spent nothing: the right number still lets in before it expires...
    const late = (await s.api<Captcha>('/api/auth/captcha')).body.data;
    const lateNumber = await solve(late);
    const ok = await s.api<Session>('/api/auth/login', {
      account: email,
      password: PASSWORD,
      captcha: payload(c, number),
    });
    expect(ok.body.data.user.id).toBe(user.id);

    // ...and after 2 minutes it does not.
    const again = await lockedUser();
    manualClock(s).advance(121_000);
    const expired = await s.api('/api/auth/login', {
      account: again.email,
      password: PASSWORD,
      captcha: payload(late, lateNumber),
    });
    expect(expired.body.data.error).toBe('captcha_invalid');
    expect(await captchaRequired(again.email)).toBe(true);
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
