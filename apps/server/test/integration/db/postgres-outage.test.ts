import { randomUUID } from 'node:crypto';
import type { Session } from '@otc/protocol/auth/schemas';
import type { AssetsOverview } from '@otc/protocol/ledger/schemas';
import type { SpotOrder } from '@otc/protocol/spot/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/db.ts';
import { migrate } from '../../../src/db/migrate.ts';
import { CONNECT_TIMEOUT_MS, openPostgres } from '../../../src/db/postgres.ts';
import { buyWithUsdt, startServerOn, type TestServer } from '../support/harness.ts';
import { privatePostgres } from '../support/private-postgres.ts';

type Answer = { status: number; error?: string; ms: number };

async function until(what: string, ok: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * PostgreSQL stopped and started under load (issue 30, "Faults"), on a cluster of the test's own
 * (support/private-postgres.ts): one platform process owning its engines on it (no lock
 * connection: what a lost lock does is the process's end, tested in app/lost-role).
 */
describe('PostgreSQL stopped and started under load', () => {
  let cluster: Awaited<ReturnType<typeof privatePostgres>>;
  let db: Db;
  let s: TestServer;
  beforeAll(async () => {
    cluster = await privatePostgres();
    db = await openPostgres(cluster.url, { max: 8 });
    await migrate(db);
    s = await startServerOn(db);
    s.market.onTick('BTC/USDT', '60000', '1', Date.now(), 'test');
  });
  afterAll(async () => {
    // The ledger check runs in close, on what was traded before, during and after the outage; the
    // cluster goes whatever it finds.
    try {
      await s?.close();
    } finally {
      await db?.close().catch(() => undefined);
      await cluster?.destroy();
    }
  });

  it('answers a translated 503 within a bound while it is down, and serves again by itself when it is back', async () => {
    const demo = async () => (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const seller = await demo();
    const buyer = await demo();
    await buyWithUsdt(s, seller.token, 'BTC', '6000');
    const order = (token: string, body: Record<string, unknown>) =>
      s.api<SpotOrder>(
        '/api/spot/order',
        { symbol: 'BTC/USDT', idempotencyKey: randomUUID(), ...body },
        { token },
      );

    // Load: four clients reading balances and placing resting orders, without pause.
    const answers: Answer[] = [];
    let running = true;
    const client = async (i: number) => {
      while (running) {
        const started = Date.now();
        const res =
          i % 2 === 0
            ? await s.api('/api/assets/overview', {}, { token: buyer.token })
            : await order(buyer.token, { side: 'buy', type: 'limit', price: '40000', qty: '0.001' });
        answers.push({
          status: res.status,
          ms: Date.now() - started,
          ...(res.body.data?.error ? { error: res.body.data.error } : {}),
        });
      }
    };
    const load = [0, 1, 2, 3].map(client);
    await until('answers before the stop', () => answers.filter((a) => a.status === 200).length >= 8);

    await cluster.stop();
    const down = answers.length;
    await until(
      'refusals while it is down',
      () => answers.slice(down).filter((a) => a.status === 503).length >= 8,
    );
    const de = await s.api('/api/assets/overview', {}, { token: buyer.token, lang: 'de' });
    expect(de.status).toBe(503);
    expect(de.body).toMatchObject({
      code: 503,
      msg: 'Der Dienst ist kurzzeitig nicht verfügbar. Bitte versuchen Sie es in Kürze erneut.',
      data: { error: 'service_unavailable' },
    });
    expect((await s.api('/readyz')).status).toBe(503);

    await cluster.start();
    const back = answers.length;
    await until('answers again', () => answers.slice(back).filter((a) => a.status === 200).length >= 8);
    running = false;
    await Promise.all(load);

    // No 500, no other error, and nothing waited past the pool's bound (plus a margin for a machine
    // busy with the other test files beside this one: a hang would wait for ever).
    const failed = answers.filter((a) => a.status !== 200);
    expect(failed.filter((a) => a.status !== 503 || !/_unavailable$/.test(a.error ?? ''))).toEqual([]);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(CONNECT_TIMEOUT_MS + 10_000);
    expect((await s.api('/readyz')).status).toBe(200);

    // Trading goes on: a seller and a buyer match at the maker's price, the money as computed by hand.
    const ask = await order(seller.token, { side: 'sell', type: 'limit', price: '61000.5', qty: '0.05' });
    expect(ask.body.data).toMatchObject({ status: 'open', filled: '0' });
    const before = (await s.api<AssetsOverview>('/api/assets/overview', {}, { token: buyer.token })).body
      .data;
    const usdtBefore = before.accounts[0]?.balances.find((b) => b.asset === 'USDT');
    const bid = await order(buyer.token, { side: 'buy', type: 'limit', price: '61500', qty: '0.02' });
    expect(bid.body.data).toMatchObject({ status: 'filled', filled: '0.02', avgPrice: '61000.5' });
    // 0.02 x 61000.5 = 1220.01 USDT, and the taker's 0.1% fee 1.22001: 1221.23001 fewer available.
    const after = (await s.api<AssetsOverview>('/api/assets/overview', {}, { token: buyer.token })).body.data;
    const usdtAfter = after.accounts[0]?.balances.find((b) => b.asset === 'USDT');
    expect({ before: usdtBefore?.available, after: usdtAfter?.available }).toMatchObject({
      after: subtract(usdtBefore?.available as string, '1221.23001'),
    });
  });
});

/** a - b for decimal strings, in integer units of 10^-8 (the test's own arithmetic, not the app's). */
function subtract(a: string, b: string): string {
  const units = (x: string) => {
    const [i, f = ''] = x.split('.');
    return BigInt(i as string) * 100_000_000n + BigInt(f.padEnd(8, '0').slice(0, 8));
  };
  const d = units(a) - units(b);
  const f = (d % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return `${d / 100_000_000n}${f ? `.${f}` : ''}`;
}
