import { randomUUID } from 'node:crypto';
import type { Session } from '@otc/protocol/auth/schemas';
import type { AssetsOverview } from '@otc/protocol/ledger/schemas';
import type { SpotDepth, SpotOrder } from '@otc/protocol/spot/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_SETUPS, startPair, startServer, type TestServer } from '../support/harness.ts';

describe.each(SHARED_SETUPS)('spot orders through an API instance that does not own the engines', (setup) => {
  let owner: TestServer;
  // An `api` process on the same database: it never runs an engine, it forwards to the owner.
  let api: TestServer;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ owner, api, close } = await startPair(setup));
    owner.market.onTick('BTC/USDT', '60000', '1', Date.now(), 'test');
  });
  afterAll(() => close());

  it('places, shows and cancels at the one owner of the book, and forwards its refusals', async () => {
    expect(owner.desk.owns).toBe(true);
    expect(api.desk.owns).toBe(false);
    const user = (await api.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const place = (body: Record<string, unknown>) =>
      api.api<SpotOrder>(
        '/api/spot/order',
        { symbol: 'BTC/USDT', side: 'buy', type: 'limit', idempotencyKey: randomUUID(), ...body },
        { token: user.token },
      );

    const placed = await place({ price: '50000', qty: '0.01' });
    expect(placed.body.data).toMatchObject({ status: 'open', qty: '0.01' });
    // The owner's book holds it, and the api instance's answer is the owner's book.
    expect(owner.spot.get('BTC/USDT', 'demo')?.depth(5).bids).toEqual([['50000', '0.01']]);
    expect(api.spot.get('BTC/USDT', 'demo')?.depth(5).bids).toEqual([]);
    const depth = await api.api<SpotDepth>('/api/spot/depth', { symbol: 'BTC/USDT', realm: 'demo' });
    expect(depth.body.data.bids).toEqual([['50000', '0.01']]);

    // An error made at the owner comes back translated, as if made here.
    const tooBig = await place({ price: '50000', qty: '100' });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.data).toMatchObject({ error: 'insufficient_balance' });
    const offTick = await place({ price: '50000.001', qty: '0.01' });
    expect(offTick.body.data).toMatchObject({ error: 'price_off_tick', field: 'price' });

    const cancelled = await api.api<SpotOrder>(
      '/api/spot/cancel',
      { id: placed.body.data.id },
      { token: user.token },
    );
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
    expect(owner.spot.get('BTC/USDT', 'demo')?.depth(5).bids).toEqual([]);
  });
});

describe.each(SHARED_SETUPS)('spot orders through an API instance when no engine owner answers', (setup) => {
  // An `api` process alone on its bus: nobody takes the orders it forwards.
  let api: TestServer;
  beforeAll(async () => {
    api = await startServer('postgres', {
      redisUrl: setup.redisUrl,
      redisPrefix: `alone-${randomUUID()}:`,
      role: 'api',
      databaseUrl: setup.databaseUrl,
      spotForwardTimeoutMs: 300,
    });
  });
  afterAll(() => api.close());

  it('answers that trading is briefly unavailable, in the caller’s language, with nothing frozen', async () => {
    const user = (await api.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const before = (await api.api<AssetsOverview>('/api/assets/overview', {}, { token: user.token })).body
      .data;
    const order = {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      price: '50000',
      qty: '0.01',
      idempotencyKey: randomUUID(),
    };
    const placed = await api.api('/api/spot/order', order, { token: user.token, lang: 'de' });
    expect(placed.status).toBe(503);
    expect(placed.body).toMatchObject({
      code: 503,
      msg: 'Der Handel ist kurzzeitig nicht verfügbar. Bitte versuchen Sie es in Kürze erneut.',
      data: { error: 'trading_unavailable' },
    });
    const after = (await api.api<AssetsOverview>('/api/assets/overview', {}, { token: user.token })).body
      .data;
    expect(after).toEqual(before);
    const open = await api.api<{ total: number }>(
      '/api/spot/openorders',
      { symbol: 'BTC/USDT' },
      { token: user.token },
    );
    expect(open.body.data.total).toBe(0);
  });
});
