import type { Alert, AlertList } from '@otc/protocol/alerts/schemas';
import type { NoticeList } from '@otc/protocol/notifications/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { SHARED_SETUPS, startCluster, type TestServer } from '../support/harness.ts';

type Cluster = Awaited<ReturnType<typeof startCluster>>;

/**
 * Price alerts on several instances of one platform (PostgreSQL and Redis): an `api` process takes
 * the alert and says so on the bus; the `engine` processes watch it; when two of them evaluate the
 * same tick (a feed changing hands), the conditional update lets exactly one tell the user.
 */
describe.each(SHARED_SETUPS)('price alerts across instances', (setup) => {
  let cluster: Cluster;
  let owner: TestServer;
  let standby: TestServer;
  let api: TestServer;

  beforeAll(async () => {
    cluster = await startCluster(setup);
    owner = await cluster.start('engine');
    standby = await cluster.start('engine');
    api = await cluster.start('api');
  });
  afterAll(() => cluster?.close());

  /** A tick as a feed makes it (with a source) on one instance: that instance evaluates it. */
  const tick = (s: TestServer, price: string) =>
    s.market.onTick('BTC/USDT', price, '1', s.clock.now(), 'test');

  it('an alert set on the api instance fires once though both engine instances evaluate the tick', async () => {
    const { token } = await registerUser(api);
    tick(owner, '60000');
    await until(() => api.market.price('BTC/USDT') === '60000');
    const res = await api.api<Alert>(
      '/api/alerts/add',
      { symbol: 'BTC/USDT', condition: 'rises_to', price: '60500' },
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id;
    const status = async () =>
      (await api.api<AlertList>('/api/alerts/list', {}, { token })).body.data.items.find((a) => a.id === id)
        ?.status;

    // Both engines make the same tick until the alert (heard over Redis) is met.
    await until(async () => {
      tick(owner, '60600');
      tick(standby, '60600');
      return (await status()) === 'triggered';
    }, 10_000);
    // Both have had their say: the one the database turned down tells nobody.
    await new Promise((r) => setTimeout(r, 500));
    const notices = (await api.api<NoticeList>('/api/common/noticelist', {}, { token })).body.data.items;
    expect(notices.filter((n) => n.kind === 'alert.rises_to')).toHaveLength(1);
    const logged = [...owner.logs, ...standby.logs].filter((l) => l.includes('price alerts fired'));
    expect(logged).toHaveLength(1);
  });

  it('the api instance does not evaluate: a tick it only heard tells nobody', async () => {
    const { token } = await registerUser(api);
    tick(owner, '60000');
    await until(() => api.market.price('BTC/USDT') === '60000');
    const res = await api.api<Alert>(
      '/api/alerts/add',
      { symbol: 'BTC/USDT', condition: 'falls_to', price: '59000' },
      { token },
    );
    expect(res.status).toBe(200);
    tick(api, '58000');
    await new Promise((r) => setTimeout(r, 500));
    expect((await api.api<AlertList>('/api/alerts/list', {}, { token })).body.data.active).toBe(1);
    // The owner's feed makes the same price: now it fires.
    await until(async () => {
      tick(owner, '58000');
      return (await api.api<AlertList>('/api/alerts/list', {}, { token })).body.data.active === 0;
    }, 10_000);
  });
});

async function until(ok: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
