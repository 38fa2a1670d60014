import { randomUUID } from 'node:crypto';
import type { Session } from '@otc/protocol/auth/schemas';
import type { AccountLogEntry } from '@otc/protocol/ledger/schemas';
import type { SpotOrder } from '@otc/protocol/spot/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyWithUsdt, DATABASES, startServer, type TestServer } from './harness.ts';

describe.each(DATABASES)('balance history of spot orders on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    s.market.onTick('BTC/USDT', '60000', '1', Date.now(), 'test');
  });
  afterAll(() => s.close());

  const demo = async () => (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
  const order = async (token: string, body: Record<string, unknown>) =>
    (
      await s.api<SpotOrder>(
        '/api/spot/order',
        { symbol: 'BTC/USDT', type: 'limit', idempotencyKey: randomUUID(), ...body },
        { token },
      )
    ).body.data;
  const log = async (token: string, asset: string) =>
    (
      await s.api<{ items: AccountLogEntry[] }>(
        '/api/assets/accountlog',
        { account: 'funding', asset },
        { token },
      )
    ).body.data.items;

  it("names each movement's order and instrument: frozen, traded, released", async () => {
    const seller = await demo();
    const buyer = await demo();
    await buyWithUsdt(s, seller.token, 'BTC', '3000');
    const ask = await order(seller.token, { side: 'sell', price: '60000', qty: '0.01' });
    const bid = await order(buyer.token, { side: 'buy', price: '60000', qty: '0.03' });
    expect(bid.status).toBe('partial');
    await s.api('/api/spot/cancel', { id: bid.id }, { token: buyer.token });

    const usdt = await log(buyer.token, 'USDT');
    const spot = usdt.filter((e) => e.kind.startsWith('spot.'));
    // Newest first: the release, the fill, the freeze (two entries each but the fill's one).
    expect(spot.map((e) => [e.kind, e.field, e.reference, e.subject])).toEqual([
      ['spot.release', 'available', bid.id, 'BTC/USDT'],
      ['spot.release', 'frozen', bid.id, 'BTC/USDT'],
      ['spot.trade', 'frozen', `${ask.id}/${bid.id}`, 'BTC/USDT'],
      ['spot.freeze', 'frozen', bid.id, 'BTC/USDT'],
      ['spot.freeze', 'available', bid.id, 'BTC/USDT'],
    ]);
    const btc = await log(buyer.token, 'BTC');
    expect(btc[0]).toMatchObject({
      kind: 'spot.trade',
      field: 'available',
      amount: '0.01',
      subject: 'BTC/USDT',
    });
    // The grant says what it is by its kind alone.
    expect(usdt.at(-1)).toMatchObject({ kind: 'demo.grant', reference: buyer.user.id, subject: null });
  });
});
