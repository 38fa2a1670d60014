import type { AdminSession, AdminUserRow, AuditEntry, OutboxMessage } from '@otc/protocol/admin/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSystemUser } from '../../../src/users/index.ts';
import { PASSWORD, registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, startServer, type TestServer, uniquePhone } from '../support/harness.ts';

describe.each(DATABASES)('the back office on %s', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer(kind);
    const res = await s.api<AdminSession>('/api/admin/login', ADMIN);
    expect(res.body.code).toBe(200);
    token = res.body.data.token;
  });
  afterAll(() => s.close());

  const audit = async () =>
    (await s.api<{ items: AuditEntry[] }>('/api/admin/audit?pageSize=100', undefined, { token })).body.data
      .items;

  it('seeds the first operator, keeps user tokens out, and records failed logins', async () => {
    const me = await s.api<{ email: string; role: string }>('/api/admin/me', undefined, { token });
    expect(me.body.data).toMatchObject({ email: ADMIN.email, role: 'admin' });

    const wrong = await s.api('/api/admin/login', { email: ADMIN.email, password: 'nope-nope-1' });
    expect(wrong.status).toBe(401);
    expect((await audit()).some((a) => a.action === 'operator.login_failed')).toBe(true);

    const user = await registerUser(s);
    const asUser = await s.api('/api/admin/users', undefined, { token: user.token });
    expect(asUser.status).toBe(401);
    const asOperator = await s.api('/api/auth/userinfo', {}, { token });
    expect(asOperator.status).toBe(401);
  });

  it('finds users by email or ID and shows the codes of the dev outbox', async () => {
    const { email, user } = await registerUser(s);
    const byEmail = await s.api<{ items: AdminUserRow[]; total: number }>(
      `/api/admin/users?q=${encodeURIComponent(email.slice(0, 12))}`,
      undefined,
      { token },
    );
    expect(byEmail.body.data.items.map((u) => u.id)).toContain(user.id);
    const byId = await s.api<{ items: AdminUserRow[] }>(`/api/admin/users?q=${user.id}`, undefined, {
      token,
    });
    expect(byId.body.data.items).toHaveLength(1);
    // A number as an operator types it from a phone call, spaces and all, finds the E.164 one.
    const phone = uniquePhone();
    await s.db.query('UPDATE users SET phone = $1 WHERE id = $2', [phone, user.id]);
    const typed = `${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7, 10)}-${phone.slice(10)}`;
    const byPhone = await s.api<{ items: AdminUserRow[] }>(
      `/api/admin/users?q=${encodeURIComponent(typed)}`,
      undefined,
      {
        token,
      },
    );
    expect(byPhone.body.data.items.map((u) => u.id)).toEqual([user.id]);
    const hostile = await s.api<{ items: AdminUserRow[] }>(
      `/api/admin/users?q=${encodeURIComponent("%' OR 1=1 --")}`,
      undefined,
      {
        token,
      },
    );
    expect(hostile.body.data.items).toHaveLength(0);
    const badPage = await s.api('/api/admin/users?page=0&pageSize=1000', undefined, { token });
    expect(badPage.body.data.error).toBe('field_invalid');

    const outbox = await s.api<{ items: OutboxMessage[] }>(
      `/api/admin/outbox?target=${encodeURIComponent(email)}`,
      undefined,
      { token },
    );
    expect(outbox.body.data.items[0]?.body).toMatch(/\d{6}/);
  });

  it('lets an admin disable a user, which ends their sessions, and audits it', async () => {
    const { email, user, token: userToken } = await registerUser(s);
    const res = await s.api('/api/admin/users/status', { userId: user.id, status: 'disabled' }, { token });
    expect(res.body.code).toBe(200);
    expect((await s.api('/api/auth/userinfo', {}, { token: userToken })).status).toBe(401);
    const login = await s.api('/api/auth/login', { account: email, password: PASSWORD });
    expect(login.body.data.error).toBe('account_disabled');
    expect((await audit()).find((a) => a.action === 'user.status' && a.target === user.id)?.detail).toEqual({
      status: 'disabled',
      // Kept with the entry: the user is told which role acted on their account (never who).
      operatorRole: 'admin',
    });

    const missing = await s.api(
      '/api/admin/users/status',
      { userId: '999999999', status: 'disabled' },
      { token },
    );
    expect(missing.status).toBe(404);
  });

  it('lists system users as such and refuses to disable one, changing nothing', async () => {
    const makerId = await ensureSystemUser(s.ctx, 'real', 'Market maker', 'TESTMAKER');
    const { user } = await registerUser(s);
    const row = async (id: string) =>
      (await s.api<{ items: AdminUserRow[] }>(`/api/admin/users?q=${id}`, undefined, { token })).body.data
        .items[0];
    expect(await row(makerId)).toMatchObject({ system: true, status: 'active' });
    expect(await row(user.id)).toMatchObject({ system: false });

    const auditBefore = (await audit()).length;
    const refused = await s.api(
      '/api/admin/users/status',
      { userId: makerId, status: 'disabled' },
      { token, lang: 'de' },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.data.error).toBe('system_user_locked');
    expect(refused.body.msg).toBe('Ein Systemkonto kann nicht deaktiviert werden.');
    expect((await row(makerId))?.status).toBe('active');
    expect((await audit()).length).toBe(auditBefore);
  });

  it('limits what a reviewer may do', async () => {
    const before = (await s.db.query('SELECT count(*)::int AS n FROM operators'))[0];
    for (const weak of ['aaaaaaaa', '12345678', 'Short-1']) {
      const refused = await s.api(
        '/api/admin/operators',
        { email: 'weak@test.local', password: weak, role: 'reviewer' },
        { token, lang: 'de' },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.data).toMatchObject({ error: 'password_weak', field: 'password' });
    }
    expect((await s.db.query('SELECT count(*)::int AS n FROM operators'))[0]).toEqual(before);
    const created = await s.api(
      '/api/admin/operators',
      { email: 'reviewer@test.local', password: 'Review-1234', role: 'reviewer' },
      { token },
    );
    expect(created.body.code).toBe(200);
    const dup = await s.api(
      '/api/admin/operators',
      { email: 'reviewer@test.local', password: 'Review-1234', role: 'support' },
      { token },
    );
    expect(dup.status).toBe(409);
    const reviewer = (
      await s.api<AdminSession>('/api/admin/login', { email: 'reviewer@test.local', password: 'Review-1234' })
    ).body.data;
    const { user } = await registerUser(s);
    const refused = await s.api(
      '/api/admin/users/status',
      { userId: user.id, status: 'disabled' },
      { token: reviewer.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.data.error).toBe('forbidden');
    const list = await s.api('/api/admin/users', undefined, { token: reviewer.token });
    expect(list.body.code).toBe(200);
    expect(
      (await audit()).some((a) => a.action === 'operator.create' && a.target === 'reviewer@test.local'),
    ).toBe(true);

    expect((await s.api('/api/admin/logout', {}, { token: reviewer.token })).body.code).toBe(200);
    expect((await s.api('/api/admin/me', undefined, { token: reviewer.token })).status).toBe(401);
  });
});
