import { randomUUID } from 'node:crypto';
import type { DemoSession } from '@otc/protocol/auth/schemas';
import type { AssetsOverview } from '@otc/protocol/ledger/schemas';
import type { SpotOrder } from '@otc/protocol/spot/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { count, DATABASES, startServer, type TestServer } from '../support/harness.ts';

describe.each(DATABASES)('the remembered demo account on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  const tryDemo = async (body: unknown, token?: string) => {
    const res = await s.api<DemoSession>('/api/auth/loginvirtual', body, token ? { token } : {});
    expect(res.body.code).toBe(200);
    return res.body.data;
  };
  const usdt = async (token: string) => {
    const o = (await s.api<AssetsOverview>('/api/assets/overview', {}, { token })).body.data;
    return o.accounts.find((a) => a.kind === 'funding')?.balances.find((b) => b.asset === 'USDT');
  };
  const openOrders = async (token: string) =>
    (await s.api<{ items: SpotOrder[] }>('/api/spot/openorders', {}, { token })).body.data.items;

  it('gives a new device a new demo user and its key once, and the same key the same user with its orders and balances', async () => {
    s.market.onTick('BTC/USDT', '60000', '1', Date.now(), 'test');
    const first = await tryDemo({});
    expect(first.user.kind).toBe('demo');
    expect(first.demoKey).toMatch(/^[\w-]{40,}$/);
    const bid = await s.api<SpotOrder>(
      '/api/spot/order',
      {
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        price: '1000',
        qty: '0.5',
        idempotencyKey: randomUUID(),
      },
      { token: first.token },
    );
    expect(bid.body.data.status).toBe('open');
    const before = await usdt(first.token);
    // 0.5 x 1000 and the 0.1% taker fee it may owe.
    expect(before?.frozen).toBe('500.5');
    await s.api('/api/auth/logout', {}, { token: first.token });

    const again = await tryDemo({ demoKey: first.demoKey });
    expect(again.user.id).toBe(first.user.id);
    expect(again.demoKey).toBeNull();
    expect(again.token).not.toBe(first.token);
    expect(await usdt(again.token)).toEqual(before);
    expect((await openOrders(again.token)).map((o) => o.id)).toEqual([bid.body.data.id]);
    // Only the key's hash is kept.
    const stored = await s.db.query<{ key_hash: string }>(
      'SELECT key_hash FROM demo_accounts WHERE demo_user_id = $1',
      [first.user.id],
    );
    expect(stored.map((r) => r.key_hash)).not.toContain(first.demoKey);
  });

  it('gives a wrong or absent key a new demo user with fresh demo funds', async () => {
    const wrong = await tryDemo({ demoKey: 'not-a-key-anyone-was-given' });
    const absent = await tryDemo({});
    expect(wrong.user.id).not.toBe(absent.user.id);
    for (const d of [wrong, absent]) {
      expect(d.demoKey).toBeTruthy();
      expect(await usdt(d.token)).toMatchObject({ available: '100000', frozen: '0' });
    }
  });

  it('pairs a signed-in real user with one demo user of their own, that no one else reaches', async () => {
    const alice = await registerUser(s);
    const bob = await registerUser(s);
    const device = await tryDemo({});
    const users = await count(s.db, 'users');

    const a1 = await tryDemo({ demoKey: device.demoKey }, alice.token);
    expect(a1.user.kind).toBe('demo');
    // The pair is reached through Alice's session: no key is handed out, the device's is ignored.
    expect(a1.user.id).not.toBe(device.user.id);
    expect(a1.demoKey).toBeNull();
    expect(await usdt(a1.token)).toMatchObject({ available: '100000' });
    // Her real money is not in the demo books, nor the demo money in hers.
    expect((await usdt(alice.token))?.available ?? '0').toBe('0');

    const a2 = await tryDemo({}, alice.token);
    expect(a2.user.id).toBe(a1.user.id);
    const b1 = await tryDemo({}, bob.token);
    expect(b1.user.id).not.toBe(a1.user.id);
    expect(await tryDemo({}, bob.token)).toMatchObject({ user: { id: b1.user.id } });
    expect(await count(s.db, 'users')).toBe(users + 2);

    // A demo session asking for demo is no real user: it gets the device path, not a pair.
    const fromDemo = await tryDemo({}, a1.token);
    expect([a1.user.id, b1.user.id]).not.toContain(fromDemo.user.id);
  });

  it('refuses a demo key that is not text', async () => {
    const res = await s.api('/api/auth/loginvirtual', { demoKey: 42 });
    expect(res.status).toBe(400);
  });
});
