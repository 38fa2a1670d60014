import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_RULES } from '../../../src/auth/codes.ts';
import { translate } from '../../../src/i18n/translate.ts';
import { PASSWORD, registerUser } from '../support/accounts.ts';
import {
  ADMIN,
  DATABASES,
  manualClock,
  startServer,
  type TestServer,
  uniqueEmail,
} from '../support/harness.ts';

/*
 * Issue 23, point 5: a client chose the address its limits counted under (X-Forwarded-For was
 * trusted from anyone), and the auth limits counted only per address. Each request here comes
 * "from" another address, as an attacker with many (or a forged header) would send it.
 */
const LIMIT = 3;
let n = 0;
const from = () => ({ 'x-forwarded-for': `198.51.100.${++n % 250}` });

describe.each(DATABASES)('client addresses and rate limits on %s', (kind) => {
  describe('TRUST_PROXY unset (the default)', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startServer(kind, { authRateLimitPerMinute: LIMIT, trustProxy: false });
    });
    afterAll(() => s.close());

    it('counts the connection, whatever X-Forwarded-For a client sends', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 2; i++)
        statuses.push((await s.api('/api/auth/captcha', undefined, { headers: from() })).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    });
  });

  describe('TRUST_PROXY=127.0.0.1 (behind a local proxy)', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startServer(kind, {
        authRateLimitPerMinute: LIMIT,
        trustProxy: ['127.0.0.1'],
        clock: 'manual',
      });
    });
    afterAll(() => s.close());

    const login = (account: string, password: string, lang = 'en') =>
      s.api('/api/auth/login', { account, password }, { headers: from(), lang });

    it('counts the address the proxy forwards: each client has its own limit', async () => {
      for (let i = 0; i < LIMIT + 2; i++)
        expect((await s.api('/api/auth/captcha', undefined, { headers: from() })).status).toBe(200);
    });

    it('limits logins to one account however many addresses try it, with a translated 429', async () => {
      const { email } = await registerUser(s, uniqueEmail(), from());
      const account = email.toUpperCase();
      const seen: string[] = [];
      for (let i = 0; i < LIMIT; i++) seen.push((await login(account, 'Wrong1234')).body.data.error ?? '');
      expect(seen[0]).toBe('login_failed');
      const over = await login(` ${email} `, PASSWORD, 'fr');
      expect(over.status).toBe(429);
      expect(over.body.data.error).toBe('rate_limited');
      expect(over.body.msg).toBe(translate('fr', 'rate_limited'));
      // Another account from the same addresses is not held back by it.
      expect((await login(uniqueEmail(), 'Wrong1234')).body.data.error).toBe('login_failed');
    });

    it('limits codes sent to one email however many addresses ask', async () => {
      const email = uniqueEmail();
      const send = () => s.api('/api/auth/sendemail', { email, purpose: 'register' }, { headers: from() });
      for (let i = 0; i < LIMIT; i++) {
        expect((await send()).body.code).toBe(200);
        // Past the resend wait: only the per-target limit stands in the way now.
        manualClock(s).advance((CODE_RULES.resendSeconds + 1) * 1000);
      }
      const over = await send();
      expect(over.status).toBe(429);
      expect(over.body.data.error).toBe('rate_limited');
      expect(
        (
          await s.api(
            '/api/auth/sendemail',
            { email: uniqueEmail(), purpose: 'register' },
            { headers: from() },
          )
        ).status,
      ).toBe(200);
    });

    it('limits guesses of the old password per user, from any address', async () => {
      const { token } = await registerUser(s, uniqueEmail(), from());
      const change = (oldPassword: string) =>
        s.api(
          '/api/auth/changepassword',
          { oldPassword, password: 'Changed456', confirmPassword: 'Changed456' },
          { token, headers: from() },
        );
      for (let i = 0; i < LIMIT; i++)
        expect((await change('Wrong1234')).body.data.error).toBe('old_password_wrong');
      expect((await change(PASSWORD)).body.data.error).toBe('rate_limited');
    });

    it("limits guesses of an operator's current password per operator, from any address", async () => {
      const admin = await s.api<{ token: string }>('/api/admin/login', ADMIN, { headers: from() });
      const token = admin.body.data.token;
      const change = (currentPassword: string) =>
        s.api(
          '/api/admin/password',
          { currentPassword, newPassword: 'Changed-456', confirmPassword: 'Changed-456' },
          { token, headers: from() },
        );
      for (let i = 0; i < LIMIT; i++)
        expect((await change('Wrong1234')).body.data.error).toBe('old_password_wrong');
      expect((await change(ADMIN.password)).body.data.error).toBe('rate_limited');
      expect((await s.api('/api/admin/login', ADMIN, { headers: from() })).body.code).toBe(200);
    });

    it("locks a user's transaction password after 5 wrong from 5 addresses (the lockout counts per user)", async () => {
      const { token } = await registerUser(s, uniqueEmail(), from());
      const set = (currentPassword: string) =>
        s.api(
          '/api/auth/settradepassword',
          { currentPassword, password: 'Trade1234', confirmPassword: 'Trade1234' },
          { token, headers: from() },
        );
      // Each from another address: the lockout counts the user, not where the guesses come from.
      const errors: string[] = [];
      for (let i = 0; i < 5; i++) errors.push((await set('Wrong1234')).body.data.error ?? '');
      expect(errors).toEqual([...Array(4).fill('trade_password_wrong'), 'trade_password_locked']);
      expect((await set(PASSWORD)).body.data.error).toBe('trade_password_locked');
    });
  });
});

const REDIS_URLS = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];

describe.each(REDIS_URLS)('per-account limits across two instances sharing Redis (%s)', (redisUrl) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const shared = {
      redisUrl,
      redisPrefix: `test-${randomUUID()}:`,
      authRateLimitPerMinute: LIMIT,
      trustProxy: ['127.0.0.1'],
    };
    a = await startServer('pglite', shared);
    b = await startServer('pglite', shared);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('count one limit per account between them', async () => {
    const account = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++)
      statuses.push(
        (
          await (i % 2 ? b : a).api(
            '/api/auth/login',
            { account, password: 'Wrong1234' },
            { headers: from() },
          )
        ).status,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
