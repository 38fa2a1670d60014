import type { AdminSession } from '@otc/protocol/admin/schemas';
import type { Adjustment } from '@otc/protocol/ledger/schemas';
import type { OperatorAction } from '@otc/protocol/users/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, startServer, type TestServer } from '../support/harness.ts';

interface Page {
  items: OperatorAction[];
  total: number;
}

describe.each(DATABASES)("the operators' actions a user is shown on %s", (kind) => {
  let s: TestServer;
  let admin: string;
  let reviewer: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = (await s.api<AdminSession>('/api/admin/login', ADMIN)).body.data.token;
    await s.api(
      '/api/admin/operators',
      { email: 'second@actions.test', password: 'Second-1234', role: 'admin' },
      { token: admin },
    );
    reviewer = (
      await s.api<AdminSession>('/api/admin/login', { email: 'second@actions.test', password: 'Second-1234' })
    ).body.data.token;
  });
  afterAll(() => s.close());

  const actions = (token: string, body: Record<string, unknown> = {}, lang = 'en') =>
    s.api<Page>('/api/user/operatoractions', body, { token, lang });

  it('lists an adjustment asked, approved, and a status set on the account, newest first, with amount and reason', async () => {
    const u = await registerUser(s);
    const other = await registerUser(s);
    expect((await actions(u.token)).body.data).toEqual({ items: [], total: 0 });

    const asked = await s.api<Adjustment>(
      '/api/admin/ledger/adjustments',
      {
        userId: u.user.id,
        account: 'funding',
        asset: 'USDT',
        amount: '75.50',
        reason: 'Goodwill for the outage',
      },
      { token: admin },
    );
    await s.api(
      '/api/admin/ledger/adjustments/decide',
      { id: asked.body.data.id, approve: true },
      { token: reviewer },
    );
    await s.api('/api/admin/users/status', { userId: u.user.id, status: 'disabled' }, { token: admin });
    await s.api('/api/admin/users/status', { userId: u.user.id, status: 'active' }, { token: reviewer });
    // Disabling ended the session: the user signs in again and reads the list.
    const token = (
      await s.api<{ token: string }>('/api/auth/login', { account: u.email, password: PASSWORD })
    ).body.data.token;

    const page = (await actions(token)).body.data;
    expect(page.total).toBe(4);
    expect(page.items.map((a) => [a.action, a.role, a.status, a.amount, a.asset, a.reason])).toEqual([
      ['user.status', 'admin', 'active', null, null, null],
      ['user.status', 'admin', 'disabled', null, null, null],
      ['ledger.adjustment.approve', 'admin', null, null, null, null],
      // The amount as the operator typed it, in its shortest form: 75.50 is 75.5.
      ['ledger.adjustment.request', 'admin', null, '75.5', 'USDT', 'Goodwill for the outage'],
    ]);
    for (const a of page.items) expect(Date.parse(a.at)).toBeGreaterThan(Date.now() - 60_000);
    // Another user's list holds none of it; the operators' own logins are nobody's.
    expect((await actions(other.token)).body.data).toEqual({ items: [], total: 0 });
  });

  it('pages twenty at a time, newest first', async () => {
    const u = await registerUser(s);
    for (let i = 0; i < 11; i++) {
      await s.api('/api/admin/users/status', { userId: u.user.id, status: 'disabled' }, { token: admin });
      await s.api('/api/admin/users/status', { userId: u.user.id, status: 'active' }, { token: admin });
    }
    const token = (
      await s.api<{ token: string }>('/api/auth/login', { account: u.email, password: PASSWORD })
    ).body.data.token;
    const first = (await actions(token)).body.data;
    expect(first.items).toHaveLength(20);
    expect(first.total).toBe(22);
    const second = (await actions(token, { page: 2 })).body.data;
    expect(second.total).toBe(22);
    // The oldest two: the first pair, disabled then enabled.
    expect(second.items.map((a) => a.status)).toEqual(['active', 'disabled']);
    const ids = [...first.items, ...second.items].map((a) => BigInt(a.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    expect(new Set(ids).size).toBe(22);
  });

  it('answers bad input with a translated error and needs a session', async () => {
    const u = await registerUser(s);
    for (const body of [{ page: 0 }, { page: '2' }, { pageSize: 1000 }, { page: 1.5 }, { before: '9' }]) {
      const bad = await actions(u.token, body, 'de');
      expect(bad.status).toBe(400);
      expect(bad.body.data.error).toBe('field_invalid');
      // In the request's language.
      expect(bad.body.msg).toMatch(/ungültig/i);
    }
    expect((await s.api('/api/user/operatoractions', {})).status).toBe(401);
  });
});
