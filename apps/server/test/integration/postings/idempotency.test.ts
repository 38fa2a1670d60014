import { randomUUID } from 'node:crypto';
import type { Session } from '@otc/protocol/auth/schemas';
import type { ExchangeRecord, Quote } from '@otc/protocol/exchange/schemas';
import type { AssetsOverview } from '@otc/protocol/ledger/schemas';
import type { SpotOrder } from '@otc/protocol/spot/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, PASSWORD, registerUser } from '../support/accounts.ts';
import {
  type ApiResult,
  buyWithUsdt,
  count,
  DATABASES,
  startServer,
  type TestServer,
} from '../support/harness.ts';

const REPEATS = 20;

/**
 * A client that lost its answer repeats the request with the same key, possibly many times at
 * once. Every repeat must answer what the first answered, even when the first changed what the
 * request depends on (most of the balance moved, the quote spent): a repeat waits for the first.
 */
describe.each(DATABASES)('repeats of one request at once on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  const demo = async () => (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
  const funding = async (token: string, asset: string) =>
    (await s.api<AssetsOverview>('/api/assets/overview', {}, { token })).body.data.accounts
      .find((a) => a.kind === 'funding')
      ?.balances.find((b) => b.asset === asset);
  /** The same request REPEATS times at once; every answer must be the first's. */
  async function repeated<T>(path: string, body: unknown, token: string): Promise<ApiResult<T>[]> {
    const results = await Promise.all(Array.from({ length: REPEATS }, () => s.api<T>(path, body, { token })));
    expect(results.map((r) => r.body.data.error ?? r.body.code)).toEqual(Array(REPEATS).fill(200));
    expect(new Set(results.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    return results;
  }

  it('moves most of a balance once, and every repeat of the transfer answers success', async () => {
    const d = await demo();
    const body = {
      from: 'funding',
      to: 'fiat',
      asset: 'USDT',
      amount: '60000',
      idempotencyKey: randomUUID(),
    };
    await repeated('/api/credit/transfer', body, d.token);
    expect((await funding(d.token, 'USDT'))?.available).toBe('40000');
  });

  it('sends to another user once, and every repeat answers success', async () => {
    const alice = await registerUser(s);
    const bob = await registerUser(s);
    await deposit(s, alice.user.id, 'USDT', '1000');
    const body = {
      toUserId: bob.user.id,
      asset: 'USDT',
      amount: '800',
      tradePassword: PASSWORD,
      idempotencyKey: randomUUID(),
    };
    await repeated('/api/credit/cointransfer', body, alice.token);
    expect((await funding(alice.token, 'USDT'))?.available).toBe('200');
    expect((await funding(bob.token, 'USDT'))?.available).toBe('800');
  });

  it('executes a flash-exchange quote once, and every repeat answers the exchange', async () => {
    const d = await demo();
    const quote = await s.api<Quote>(
      '/api/exchange/quote',
      { from: 'USDT', to: 'BTC', amount: '90000' },
      { token: d.token },
    );
    const body = { quoteId: quote.body.data.id, idempotencyKey: randomUUID() };
    const [first] = await repeated<ExchangeRecord>('/api/exchange/execute', body, d.token);
    expect(first?.body.data.toAmount).toBe(quote.body.data.toAmount);
    expect((await funding(d.token, 'USDT'))?.available).toBe('10000');
    expect(await count(s.db, `exchanges WHERE quote_id = '${quote.body.data.id}'`)).toBe(1);
  });

  it('places a spot order once, and every repeat answers the order as its first answer did', async () => {
    s.market.onTick('BTC/USDT', '60000', '1', Date.now(), 'test');
    const seller = await demo();
    const buyer = await demo();
    await buyWithUsdt(s, seller.token, 'BTC', '10000');
    const ask = {
      symbol: 'BTC/USDT',
      side: 'sell',
      type: 'limit',
      price: '60000',
      qty: '0.1',
      idempotencyKey: randomUUID(),
    };
    expect((await s.api<SpotOrder>('/api/spot/order', ask, { token: seller.token })).body.data.status).toBe(
      'open',
    );

    // A limit buy freezing most of the buyer's USDT: a repeat that ran alone would find too little.
    const bid = {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      price: '59000',
      qty: '1.5',
      idempotencyKey: randomUUID(),
    };
    const [rested] = await repeated<SpotOrder>('/api/spot/order', bid, buyer.token);
    expect(rested?.body.data).toMatchObject({ status: 'open', filled: '0' });

    // A market buy that fills: every repeat answers it filled, as the first did.
    const take = {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'market',
      qty: '0.1',
      idempotencyKey: randomUUID(),
    };
    const [filled] = await repeated<SpotOrder>('/api/spot/order', take, buyer.token);
    expect(filled?.body.data).toMatchObject({ status: 'filled', filled: '0.1' });
    expect(await count(s.db, `spot_orders WHERE user_id = ${buyer.user.id}`)).toBe(2);

    // Once the book is empty, a later repeat still answers the order, not "no liquidity".
    const again = await s.api<SpotOrder>('/api/spot/order', take, { token: buyer.token });
    expect(again.body.data).toEqual(filled?.body.data);
  });
});
