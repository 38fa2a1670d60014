import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT_LOG_N } from '../../../src/platform/secrets/passwords.ts';
import { deposit, PASSWORD, registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, startServer, type TestServer } from '../support/harness.ts';

/*
 * Issue 23, point 9: hashes are made at N=2^17 now; one made at the old 2^15 is rewritten at the
 * next check that proves the password (the only time the password is at hand), and only then.
 */
const NOW = `scrypt$${2 ** SCRYPT_LOG_N}$8$1$`;

describe.each(DATABASES)('password hashes at the current cost on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // The cost production uses, not the harness's cheaper one.
    s = await startServer(kind, { scryptLogN: SCRYPT_LOG_N });
  });
  afterAll(() => s.close());

  const userHash = async (id: string, column = 'password_hash') =>
    (await s.db.query<{ h: string }>(`SELECT ${column} AS h FROM users WHERE id = $1`, [id]))[0]?.h ?? '';

  it('hashes a new password at 2^17, and rehashes an old 2^15 hash at the login that proves it', {
    timeout: 120_000,
  }, async () => {
    const { email, user } = await registerUser(s);
    expect((await userHash(user.id)).startsWith(NOW)).toBe(true);
    const old = await hashPassword(PASSWORD, 15);
    await s.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, old]);

    const wrong = await s.api('/api/auth/login', { account: email, password: 'Wrong1234' });
    expect(wrong.body.data.error).toBe('login_failed');
    expect(await userHash(user.id)).toBe(old);

    expect((await s.api('/api/auth/login', { account: email, password: PASSWORD })).body.code).toBe(200);
    const rehashed = await userHash(user.id);
    expect(rehashed.startsWith(NOW)).toBe(true);
    expect((await s.api('/api/auth/login', { account: email, password: PASSWORD })).body.code).toBe(200);
    // Once at the current cost, a login leaves it as it is.
    expect(await userHash(user.id)).toBe(rehashed);
  });

  it("rehashes a user's own 2^15 transaction password at the money call it checks", {
    timeout: 120_000,
  }, async () => {
    const recipient = (await registerUser(s)).user.id;
    const u = await registerUser(s);
    await deposit(s, u.user.id, 'USDT', '10');
    const old = await hashPassword('Trade1234', 15);
    await s.db.query(`UPDATE users SET trade_password_hash = $2, trade_password_mode = 'own' WHERE id = $1`, [
      u.user.id,
      old,
    ]);
    const transfer = (tradePassword: string) =>
      s.api(
        '/api/credit/cointransfer',
        { toUserId: recipient, asset: 'USDT', amount: '1', tradePassword, idempotencyKey: randomUUID() },
        { token: u.token },
      );
    expect((await transfer('Wrong1234')).body.data.error).toBe('trade_password_wrong');
    expect(await userHash(u.user.id, 'trade_password_hash')).toBe(old);
    expect((await transfer('Trade1234')).body.code).toBe(200);
    expect((await userHash(u.user.id, 'trade_password_hash')).startsWith(NOW)).toBe(true);
    expect((await transfer('Trade1234')).body.code).toBe(200);
  });

  it("rehashes an operator's 2^15 hash at the back office login", { timeout: 120_000 }, async () => {
    const old = await hashPassword(ADMIN.password, 15);
    await s.db.query('UPDATE operators SET password_hash = $2 WHERE email = $1', [ADMIN.email, old]);
    expect((await s.api('/api/admin/login', { ...ADMIN, password: 'nope-nope-1' })).status).toBe(401);
    expect((await s.api('/api/admin/login', ADMIN)).body.code).toBe(200);
    const [row] = await s.db.query<{ h: string }>(
      'SELECT password_hash AS h FROM operators WHERE email = $1',
      [ADMIN.email],
    );
    expect(row?.h.startsWith(NOW)).toBe(true);
  });
});

describe('a lower SCRYPT_LOG_N in production', () => {
  it('is refused: passwords hash at 2^17 all the same, and the log says so', {
    timeout: 120_000,
  }, async () => {
    const s = await startServer('pglite', { production: true, scryptLogN: 12 });
    try {
      const { user } = await registerUser(s);
      const [row] = await s.db.query<{ h: string }>('SELECT password_hash AS h FROM users WHERE id = $1', [
        user.id,
      ]);
      expect(row?.h.startsWith(NOW)).toBe(true);
      expect(s.logs.some((l) => l.includes('SCRYPT_LOG_N below 17 is ignored'))).toBe(true);
    } finally {
      await s.close();
    }
  });
});
