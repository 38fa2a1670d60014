import type { AdminSession, AuditEntry } from '@otc/protocol/admin/schemas';
import type { LoginResult, Session } from '@otc/protocol/auth/schemas';
import type { NoticeList } from '@otc/protocol/notifications/schemas';
import type { OperatorAction, TotpState } from '@otc/protocol/users/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorOf } from '../kyc/kyc-fixtures.ts';
import { PASSWORD, registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { enableTwoFactor } from '../support/two-factor.ts';

const REASON = 'Video call: face and passport matched the verified documents (ticket 4711)';

/** Decision 0158: an admin turns off the two-factor of a user who lost their phone and recovery codes. */
describe.each(DATABASES)('an operator resets a user’s two-factor on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
    admin = (await s.api<AdminSession>('/api/admin/login', ADMIN)).body.data.token;
  });
  afterAll(() => s.close());

  const reset = (token: string, body: Record<string, unknown>) =>
    s.api('/api/admin/users/totp/reset', body, { token });
  const login = (account: string) => s.api<LoginResult>('/api/auth/login', { account, password: PASSWORD });
  const stateOf = async (userId: string) =>
    (await s.db.query('SELECT 1 FROM totp_secrets WHERE user_id = $1', [userId])).length;

  it('only an admin may, with the reason; a refusal changes nothing', async () => {
    const u = await registerUser(s);
    await enableTwoFactor(s, u.token);
    for (const role of ['support', 'reviewer'] as const) {
      const res = await reset(await operatorOf(s, role), { userId: u.user.id, reason: REASON });
      expect(res.body.code).toBe(403);
    }
    // No reason: refused under its field.
    const bare = await reset(admin, { userId: u.user.id, reason: '  ' });
    expect(bare.body).toMatchObject({ code: 400, data: { field: 'reason' } });
    expect(await stateOf(u.user.id)).toBe(1);
    expect((await s.api('/api/auth/userinfo', {}, { token: u.token })).body.code).toBe(200);
    // A user without two-factor, and no such user.
    const plain = await registerUser(s);
    expect((await reset(admin, { userId: plain.user.id, reason: REASON })).body).toMatchObject({
      code: 409,
      data: { error: 'totp_not_enabled' },
    });
    expect((await reset(admin, { userId: '999999999', reason: REASON })).body).toMatchObject({
      code: 404,
      data: { error: 'not_found', field: 'userId' },
    });
  });

  it('turns it off, signs the user out, audits the reason, and tells the user in their language', async () => {
    const u = await registerUser(s);
    await enableTwoFactor(s, u.token);
    expect((await login(u.email)).body.data).toMatchObject({ totpRequired: true });

    const done = await reset(admin, { userId: u.user.id, reason: REASON });
    expect(done.body.code, JSON.stringify(done.body)).toBe(200);
    expect(await stateOf(u.user.id)).toBe(0);
    // Signed out everywhere; the password alone signs in again.
    expect((await s.api('/api/auth/userinfo', {}, { token: u.token })).body.code).toBe(401);
    const session = (await login(u.email)).body.data as Session;
    expect(session.token).toBeTruthy();
    const state = await s.api<TotpState>('/api/auth/totp/state', {}, { token: session.token });
    expect(state.body.data).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    // The audit log holds who, what and why.
    const audit = await s.api<{ items: AuditEntry[] }>(
      '/api/admin/audit?action=user.totp_reset&pageSize=100',
      undefined,
      { token: admin },
    );
    expect(audit.body.data.items.find((e) => e.target === u.user.id)).toMatchObject({
      action: 'user.totp_reset',
      operatorEmail: ADMIN.email,
      detail: { reason: REASON },
    });

    // The user is told, in German, with the reason, and sees it among the operators' actions.
    const notices = await s.api<NoticeList>(
      '/api/common/noticelist',
      {},
      { token: session.token, lang: 'de' },
    );
    expect(notices.body.data.items[0]).toMatchObject({
      kind: 'auth.totp_reset',
      title: 'Zwei-Faktor-Authentifizierung ausgeschaltet',
      link: '/pages/assets/anquanzhongxin',
    });
    expect(notices.body.data.items[0]?.body).toContain(REASON);
    const actions = await s.api<{ items: OperatorAction[] }>(
      '/api/user/operatoractions',
      {},
      { token: session.token },
    );
    expect(actions.body.data.items[0]).toMatchObject({
      action: 'user.totp_reset',
      role: 'admin',
      reason: REASON,
    });

    // It is off: a second reset is refused.
    expect((await reset(admin, { userId: u.user.id, reason: REASON })).body.data).toMatchObject({
      error: 'totp_not_enabled',
    });
  });
});
