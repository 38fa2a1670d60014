import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';

/** The deposit calls' refusals: demo accounts on every call, a chain that is not enabled. */
describe.each(DATABASES)('deposit calls on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  it('refuses a demo account on every deposit call, saying why and what to do instead (issue 24: it sent them to a customer service that does not exist), storing nothing', async () => {
    const demo = (await s.api<{ token: string }>('/api/auth/loginvirtual', {})).body.data;
    for (const path of ['/api/funding/deposit/address', '/api/funding/deposit/list']) {
      const res = await s.api(path, {}, { token: demo.token });
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe(
        'Demo accounts cannot deposit: they trade with demo funds only. Log in with your own account to deposit.',
      );
      expect(res.body.data.error).toBe('deposit_demo');
    }
    const zh = await s.api('/api/funding/deposit/address', {}, { token: demo.token, lang: 'zh-TW' });
    expect(zh.body.msg).toBe('模擬帳戶無法充值：只用模擬資金交易。請登入您自己的帳戶以充值。');
    const [n] = await s.db.query<{ n: string }>('SELECT count(*)::text AS n FROM deposit_addresses');
    expect(n?.n).toBe('0');
  });

  it('answers a chain that is not enabled under the chain field, and bad input as such', async () => {
    const u = await registerUser(s);
    const res = await s.api('/api/funding/deposit/address', { chainId: 424242 }, { token: u.token });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ error: 'deposit_chain_unavailable', field: 'chainId' });
    const bad = await s.api('/api/funding/deposit/address', { chainId: 'eth' }, { token: u.token });
    expect(bad.status).toBe(400);
    expect(bad.body.data.field).toBe('chainId');
    const page = await s.api('/api/funding/deposit/list', { pageSize: 1000 }, { token: u.token });
    expect(page.status).toBe(400);
  });
});
