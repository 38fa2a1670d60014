import { randomUUID } from 'node:crypto';
import { formatUnits, parseUnits } from '@otc/core';
import type { Session } from '@otc/protocol/auth/schemas';
import type { AccountLogEntry } from '@otc/protocol/ledger/schemas';
import type { SpotOrder } from '@otc/protocol/spot/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyWithUsdt, DATABASES, startServer, type TestServer } from '../support/harness.ts';

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
  it("names the fee inside each side's fill, the ledger's movement unchanged", async () => {
    const seller = await demo();
    const buyer = await demo();
    await buyWithUsdt(s, seller.token, 'BTC', '3000');
    const ask = await order(seller.token, { side: 'sell', price: '60000', qty: '0.01' });
    const bid = await order(buyer.token, { side: 'buy', price: '60000', qty: '0.01' });
    expect(bid.status).toBe('filled');
    const [bought] = (
      await s.api<{ items: SpotOrder[] }>('/api/spot/history', { symbol: 'BTC/USDT' }, { token: buyer.token })
    ).body.data.items;
    const [sold] = (
      await s.api<{ items: SpotOrder[] }>(
        '/api/spot/history',
        { symbol: 'BTC/USDT' },
        { token: seller.token },
      )
    ).body.data.items;
    const fillOf = async (token: string, asset: string) =>
      (await log(token, asset)).find((e) => e.kind === 'spot.trade' && e.reference === `${ask.id}/${bid.id}`);

    // The buyer paid the value and its fee out of the frozen quote: the fee is the order's.
    const paid = await fillOf(buyer.token, 'USDT');
    expect(paid).toMatchObject({ field: 'frozen', fee: bought?.fee });
    expect(parseUnits(paid?.fee ?? '0')).toBeGreaterThan(0n);
    expect(formatUnits(-parseUnits(paid?.amount ?? '0') - parseUnits(paid?.fee ?? '0'))).toBe('600');
    // The seller received the value less its fee.
    const received = await fillOf(seller.token, 'USDT');
    expect(received).toMatchObject({ field: 'available', fee: sold?.fee });
    expect(formatUnits(parseUnits(received?.amount ?? '0') + parseUnits(received?.fee ?? '0'))).toBe('600');
    // The base legs carry no fee; nor does anything that is no fill.
    expect(await fillOf(buyer.token, 'BTC')).toMatchObject({ amount: '0.01', fee: null });
    expect(await fillOf(seller.token, 'BTC')).toMatchObject({ amount: '-0.01', fee: null });
    expect((await log(buyer.token, 'USDT')).filter((e) => e.kind !== 'spot.trade' && e.fee !== null)).toEqual(
      [],
    );
  });
});
