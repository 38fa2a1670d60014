import type { AdminRole, AdminSession, AuditEntry } from '@otc/protocol/admin/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageKey } from '../../../src/i18n/messages/en.ts';
import { translate } from '../../../src/i18n/translate.ts';
import { ADMIN, DATABASES, startServer, type TestServer, uniqueEmail } from '../support/harness.ts';

/*
 * Issue 24: the start banner told the operator to change the generated password, and the back
 * office had no way to. Every role changes its own; the other sessions end, the one asking stays.
 */
describe.each(DATABASES)("an operator's own password on %s", (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = (await s.api<AdminSession>('/api/admin/login', ADMIN)).body.data.token;
  });
  afterAll(() => s.close());

  const login = (email: string, password: string) =>
    s.api<AdminSession>('/api/admin/login', { email, password });
  const me = (token: string) => s.api('/api/admin/me', undefined, { token });
  const change = (token: string, body: object, lang = 'en') =>
    s.api('/api/admin/password', body, { token, lang });
  const hashOf = async (email: string) =>
    (await s.db.query<{ h: string }>('SELECT password_hash AS h FROM operators WHERE email = $1', [email]))[0]
      ?.h;

  /** A new operator of `role` signed in twice (two sessions), as an admin creates one. */
  async function operator(role: AdminRole) {
    const email = uniqueEmail(role);
    const password = 'First-pass-123';
    const made = await s.api('/api/admin/operators', { email, password, role }, { token: admin });
    expect(made.body.code).toBe(200);
    const a = (await login(email, password)).body.data.token;
    const b = (await login(email, password)).body.data.token;
    return { email, password, a, b };
  }

  it.each(['admin', 'support', 'reviewer'] as const)(
    'lets a %s change their own: the other session ends, this one stays, the new password signs in',
    async (role) => {
      const op = await operator(role);
      const res = await change(op.a, {
        currentPassword: op.password,
        newPassword: 'Second-pass-456',
        confirmPassword: 'Second-pass-456',
      });
      expect(res.body.code).toBe(200);
      expect((await me(op.a)).status).toBe(200);
      expect((await me(op.b)).status).toBe(401);
      expect((await login(op.email, op.password)).status).toBe(401);
      const again = await login(op.email, 'Second-pass-456');
      expect(again.body.code).toBe(200);
      expect((await me(again.body.data.token)).status).toBe(200);
      // The admin's own sessions are untouched by another operator's change.
      expect((await me(admin)).status).toBe(200);
      const audit = (
        await s.api<{ items: AuditEntry[] }>('/api/admin/audit?action=operator.password', undefined, {
          token: admin,
        })
      ).body.data.items;
      expect(audit.some((a) => a.target === op.email && a.operatorEmail === op.email)).toBe(true);
    },
  );

  it('refuses a wrong current password, a weak or unchanged new one and a mismatch, translated, changing nothing', async () => {
    const op = await operator('support');
    const before = await hashOf(op.email);
    const cases: [object, string, string][] = [
      [
        {
          currentPassword: 'Wrong-pass-999',
          newPassword: 'Second-pass-456',
          confirmPassword: 'Second-pass-456',
        },
        'old_password_wrong',
        'currentPassword',
      ],
      [
        { currentPassword: op.password, newPassword: 'short1', confirmPassword: 'short1' },
        'password_weak',
        'newPassword',
      ],
      [
        { currentPassword: op.password, newPassword: 'lettersonly', confirmPassword: 'lettersonly' },
        'password_weak',
        'newPassword',
      ],
      [
        { currentPassword: op.password, newPassword: op.password, confirmPassword: op.password },
        'password_unchanged',
        'newPassword',
      ],
      [
        { currentPassword: op.password, newPassword: 'Second-pass-456', confirmPassword: 'Second-pass-457' },
        'password_mismatch',
        'confirmPassword',
      ],
    ];
    for (const [body, error, field] of cases) {
      const res = await change(op.a, body, 'de');
      expect(res.status).toBe(400);
      expect(res.body.data).toMatchObject({ error, field });
      expect(res.body.msg).toBe(translate('de', error as MessageKey));
    }
    const malformed = await change(op.a, { currentPassword: op.password, newPassword: 'Second-pass-456' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.data).toMatchObject({ error: 'field_required', field: 'confirmPassword' });

    expect(await hashOf(op.email)).toBe(before);
    expect((await me(op.a)).status).toBe(200);
    expect((await me(op.b)).status).toBe(200);
    expect((await login(op.email, op.password)).body.code).toBe(200);
  });

  it('is for a signed-in operator only', async () => {
    const body = {
      currentPassword: ADMIN.password,
      newPassword: 'Other-pass-789',
      confirmPassword: 'Other-pass-789',
    };
    expect((await s.api('/api/admin/password', body)).status).toBe(401);
    expect((await login(ADMIN.email, ADMIN.password)).body.code).toBe(200);
  });
});
