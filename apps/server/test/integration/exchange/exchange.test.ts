import { randomUUID } from 'node:crypto';
import type { Session } from '@otc/protocol/auth/schemas';
import type { ExchangeRecord, Quote } from '@otc/protocol/exchange/schemas';
import type { AssetsOverview } from '@otc/protocol/ledger/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { TestSocket } from '../support/socket-client.ts';

const available = (o: AssetsOverview, asset: string) =>
  o.accounts.find((a) => a.kind === 'funding')?.balances.find((b) => b.asset === asset)?.available;

describe.each(DATABASES)('flash exchange on %s', (kind) => {
  let s: TestServer;
  let demo: Session;
  beforeAll(async () => {
    s = await startServer(kind);
    demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
  });
  afterAll(() => s.close());

  const quote = (body: unknown) => s.api<Quote>('/api/exchange/quote', body, { token: demo.token });
  const overview = async () =>
    (await s.api<AssetsOverview>('/api/assets/overview', {}, { token: demo.token })).body.data;

  it('quotes at the index price less 0.1% and executes exactly the quote', async () => {
    const ws = await TestSocket.open(s.url);
    ws.send({ op: 'auth', token: demo.token });
    ws.send({ op: 'subscribe', channels: ['user'] });
    await ws.waitFor((f) => f.type === 'subscribed');
    await s.db.query(`UPDATE index_prices SET price = 50000 WHERE asset = 'BTC'`);
    const q = await quote({ from: 'USDT', to: 'BTC', amount: '1000' });
    expect(q.body.code).toBe(200);
    // 1000 / 50000 = 0.02 BTC, less 0.1% = 0.01998 BTC.
    expect(q.body.data).toMatchObject({
      fromAmount: '1000',
      toAmount: '0.01998',
      rate: '0.00002',
      spread: '0.001',
      ttlSeconds: 10,
    });

    const done = await s.api<ExchangeRecord>(
      '/api/exchange/execute',
      { quoteId: q.body.data.id, idempotencyKey: randomUUID() },
      { token: demo.token },
    );
    expect(done.body.data).toMatchObject({
      from: 'USDT',
      to: 'BTC',
      fromAmount: '1000',
      toAmount: '0.01998',
    });
    // The private channel announces the balances as they stand after it.
    const btc = await ws.waitFor(
      (f) => f.channel === 'user' && (f.data as { asset?: string }).asset === 'BTC',
    );
    expect(btc.data).toMatchObject({
      kind: 'balance',
      account: 'funding',
      available: '0.01998',
      frozen: '0',
    });
    ws.close();
    const o = await overview();
    expect(available(o, 'USDT')).toBe('99000');
    expect(available(o, 'BTC')).toBe('0.01998');
    const log = await s.api<{ items: ExchangeRecord[]; total: number }>(
      '/api/exchange/log',
      {},
      { token: demo.token },
    );
    expect(log.body.data.items[0]?.id).toBe(done.body.data.id);
  });

  it('refuses an expired quote rather than re-pricing it, and a spent one', async () => {
    const q = await quote({ from: 'USDT', to: 'ETH', amount: '100' });
    await s.db.query(`UPDATE exchange_quotes SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      q.body.data.id,
    ]);
    const before = await overview();
    const late = await s.api(
      '/api/exchange/execute',
      { quoteId: q.body.data.id, idempotencyKey: randomUUID() },
      { token: demo.token },
    );
    expect(late.status).toBe(409);
    expect(late.body.data.error).toBe('quote_expired');
    expect(await overview()).toEqual(before);

    const fresh = await quote({ from: 'USDT', to: 'ETH', amount: '100' });
    const key = randomUUID();
    const first = await s.api<ExchangeRecord>(
      '/api/exchange/execute',
      { quoteId: fresh.body.data.id, idempotencyKey: key },
      { token: demo.token },
    );
    const replay = await s.api<ExchangeRecord>(
      '/api/exchange/execute',
      { quoteId: fresh.body.data.id, idempotencyKey: key },
      { token: demo.token },
    );
    expect(replay.body.data).toEqual(first.body.data);
    const again = await s.api(
      '/api/exchange/execute',
      { quoteId: fresh.body.data.id, idempotencyKey: randomUUID() },
      { token: demo.token },
    );
    expect(again.body.data.error).toBe('quote_expired');

    const other = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const q2 = await quote({ from: 'USDT', to: 'ETH', amount: '1' });
    const stolen = await s.api(
      '/api/exchange/execute',
      { quoteId: q2.body.data.id, idempotencyKey: randomUUID() },
      { token: other.token },
    );
    expect(stolen.body.data.error).toBe('quote_unknown');
  });

  it('refuses bad quotes and quotes it cannot pay', async () => {
    for (const [body, error] of [
      [{ from: 'USDT', to: 'USDT', amount: '1' }, 'same_asset'],
      [{ from: 'USDT', to: 'NOPE', amount: '1' }, 'asset_unknown'],
      [{ from: 'USDT', to: 'BTC', amount: '-1' }, 'field_invalid'],
      [{ from: 'USDT', to: 'BTC', amount: '0.0000001' }, 'amount_precision'],
      [{ from: 'USDT', to: 'BTC', amount: '0.000001' }, 'amount_invalid'],
    ] as const) {
      expect((await quote(body)).body.data.error, JSON.stringify(body)).toBe(error);
    }
    const big = await quote({ from: 'USDT', to: 'BTC', amount: '1000000' });
    const res = await s.api(
      '/api/exchange/execute',
      { quoteId: big.body.data.id, idempotencyKey: randomUUID() },
      { token: demo.token },
    );
    expect(res.body.data.error).toBe('insufficient_balance');
  });
});
