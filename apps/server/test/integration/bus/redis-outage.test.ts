import { randomUUID } from 'node:crypto';
import type { Session } from '@otc/protocol/auth/schemas';
import type { AssetsOverview } from '@otc/protocol/ledger/schemas';
import type { SpotOrder } from '@otc/protocol/spot/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyWithUsdt, startServer, type TestServer } from '../support/harness.ts';
import { privateRedis } from '../support/private-redis.ts';
import { TestSocket } from '../support/socket-client.ts';

type Frame = Record<string, unknown>;
const TICKER = 'ticker:BTC/USDT';
const OUTAGE = /Redis unreachable/;
const BACK = /Redis reachable again/;

async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Redis stopped under two instances on one PostgreSQL database (issue 30, "Faults"): the engines'
 * owner (role all) and an `api` instance that forwards to it. Redis is the test's own
 * (support/private-redis.ts), killed and started again.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('Redis stopped and started under two instances', () => {
  let redis: Awaited<ReturnType<typeof privateRedis>>;
  let owner: TestServer;
  let api: TestServer;
  let price = 60_000;
  const tick = () => {
    price += 1;
    owner.market.onTick('BTC/USDT', String(price), '1', Date.now(), 'test');
    return String(price);
  };
  const heard = (ws: TestSocket, p: string) => () =>
    ws.frames.some((f) => f.type === 'data' && f.channel === TICKER && (f.data as Frame).price === p);

  beforeAll(async () => {
    redis = await privateRedis();
    const shared = { redisUrl: redis.url, redisPrefix: `outage-${randomUUID()}:` };
    // A low limit on the sign-in calls (the captcha among them), to see them counted without Redis.
    owner = await startServer('postgres', { ...shared, authRateLimitPerMinute: 5 });
    api = await startServer(
      'postgres',
      {
        ...shared,
        role: 'api',
        databaseUrl: process.env.TEST_DATABASE_URL as string,
        spotForwardTimeoutMs: 500,
      },
      undefined,
      owner,
    );
    tick();
  });
  afterAll(async () => {
    try {
      await api?.close();
      // The owner's close runs the ledger check on what was traded during the outage.
      await owner?.close();
    } finally {
      await redis?.stop();
    }
  });

  it('trades on at the owner while Redis is away, logs the outage once, and fans out again when it returns', async () => {
    const demo = async () => (await owner.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const order = (s: TestServer, token: string, body: Record<string, unknown>) =>
      s.api<SpotOrder>(
        '/api/spot/order',
        { symbol: 'BTC/USDT', idempotencyKey: randomUUID(), ...body },
        { token },
      );
    const seller = await demo();
    const buyer = await demo();
    await buyWithUsdt(owner, seller.token, 'BTC', '6000');

    const here = await TestSocket.open(owner.url);
    const there = await TestSocket.open(api.url);
    for (const ws of [here, there]) {
      ws.send({ op: 'subscribe', channels: [TICKER] });
      await ws.waitFor((f) => f.type === 'subscribed');
    }
    // Before: the owner's ticks reach a socket on the other instance.
    const before = tick();
    await owner.market.flush();
    await there.waitFor(heard(there, before));

    await redis.stop();
    await until('the outage to be noticed', () => owner.logs.some((l) => OUTAGE.test(l)));

    // Orders are accepted and matched at the owner; its own sockets hear its ticks.
    const ask = await order(owner, seller.token, {
      side: 'sell',
      type: 'limit',
      price: '61000.5',
      qty: '0.05',
    });
    expect(ask.body.data).toMatchObject({ status: 'open', filled: '0' });
    const bid = await order(owner, buyer.token, { side: 'buy', type: 'limit', price: '61500', qty: '0.02' });
    expect(bid.body.data).toMatchObject({ status: 'filled', filled: '0.02', avgPrice: '61000.5' });
    // 0.02 x 61000.5 = 1220.01 USDT, and the taker's 0.1% fee 1.22001: 100000 - 1221.23001.
    const b = (await owner.api<AssetsOverview>('/api/assets/overview', {}, { token: buyer.token })).body.data;
    const usdt = b.accounts[0]?.balances.find((x) => x.asset === 'USDT');
    expect(usdt).toMatchObject({ available: '98778.76999', frozen: '0' });
    const during = tick();
    await owner.market.flush();
    await here.waitFor(heard(here, during));

    // Rate limits still count, here: the sixth captcha in a minute is refused, the fifth is not.
    const captchas: number[] = [];
    for (let i = 0; i < 6; i++) captchas.push((await owner.api('/api/auth/captcha')).status);
    expect(captchas).toEqual([200, 200, 200, 200, 200, 429]);

    // The api instance cannot reach the owner: a clean, translated 503 with nothing frozen.
    const forwarded = await order(api, buyer.token, {
      side: 'buy',
      type: 'limit',
      price: '50000',
      qty: '0.01',
    });
    expect(forwarded.status).toBe(503);
    expect(forwarded.body.data).toMatchObject({ error: 'trading_unavailable' });

    // Dozens of messages published meanwhile (ticks, depth, the users' events): one line all the same.
    for (let i = 0; i < 20; i++) tick();
    await owner.market.flush();
    expect(owner.logs.filter((l) => OUTAGE.test(l))).toHaveLength(1);
    expect(api.logs.filter((l) => OUTAGE.test(l))).toHaveLength(1);
    expect(heard(there, during)()).toBe(false);

    await redis.start();
    await until('both instances to reconnect', () =>
      [owner, api].every((s) => s.logs.some((l) => BACK.test(l))),
    );
    // The other instance's socket hears the owner again, without anyone reconnecting it. (A tick
    // until one arrives: the subscriber's resubscription may land a moment after it is ready.)
    const resumed = () =>
      there.frames.some(
        (f) => f.type === 'data' && f.channel === TICKER && Number((f.data as Frame).price) > Number(during),
      );
    await until('a tick across instances', () => {
      tick();
      void owner.market.flush();
      return resumed();
    });
    expect(owner.logs.filter((l) => OUTAGE.test(l))).toHaveLength(1);
    // Forwarded commands work again.
    const again = await order(api, buyer.token, { side: 'buy', type: 'limit', price: '50000', qty: '0.01' });
    expect(again.body.data).toMatchObject({ status: 'open' });
    here.close();
    there.close();
  });
});
