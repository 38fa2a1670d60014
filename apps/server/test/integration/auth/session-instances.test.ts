import type { Session } from '@otc/protocol/auth/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_KEEP_MS } from '../../../src/auth/session-cache.ts';
import { ADMIN, SHARED_SETUPS, startPair, type TestServer } from '../support/harness.ts';

describe.each(SHARED_SETUPS)('sessions kept by two API instances', (setup) => {
  let a: TestServer;
  let b: TestServer;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ owner: a, api: b, close } = await startPair(setup));
  });
  afterAll(() => close());

  const userinfo = (s: TestServer, token: string) => s.api('/api/auth/userinfo', {}, { token });

  it('ends a session on every instance when it is logged out on one', async () => {
    const { token } = (await a.api<Session>('/api/auth/loginvirtual', {})).body.data;
    // Both instances have just looked the session up, so both keep it.
    expect((await userinfo(a, token)).status).toBe(200);
    expect((await userinfo(b, token)).status).toBe(200);
    expect((await a.api('/api/auth/logout', {}, { token })).body.code).toBe(200);
    expect((await userinfo(a, token)).status).toBe(401);
    // The other instance hears of it on the bus, well before what it keeps would run out.
    const started = Date.now();
    await expect.poll(async () => (await userinfo(b, token)).status, { interval: 20 }).toBe(401);
    expect(Date.now() - started).toBeLessThan(SESSION_KEEP_MS / 2);
  });

  it("ends a disabled user's sessions on every instance", async () => {
    const user = (await b.api<Session>('/api/auth/loginvirtual', {})).body.data;
    expect((await userinfo(a, user.token)).status).toBe(200);
    expect((await userinfo(b, user.token)).status).toBe(200);
    const admin = (await a.api<{ token: string }>('/api/admin/login', ADMIN)).body.data;
    const res = await a.api(
      '/api/admin/users/status',
      { userId: user.user.id, status: 'disabled' },
      { token: admin.token },
    );
    expect(res.body.code).toBe(200);
    expect((await userinfo(a, user.token)).status).toBe(401);
    const started = Date.now();
    await expect.poll(async () => (await userinfo(b, user.token)).status, { interval: 20 }).toBe(401);
    expect(Date.now() - started).toBeLessThan(SESSION_KEEP_MS / 2);
  });
});
