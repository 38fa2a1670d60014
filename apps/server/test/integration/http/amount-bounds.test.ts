import { randomUUID } from 'node:crypto';
import type { AdminSession } from '@otc/protocol/admin/schemas';
import type { Session } from '@otc/protocol/auth/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, buyWithUsdt, count, DATABASES, startServer, type TestServer } from '../support/harness.ts';

/**
 * Every amount a request carries is bounded where the protocol parses it, and every amount a
 * service derives from one is checked against the ledger's NUMERIC(38,18) columns: too large is a
 * translated 400 that writes nothing, never a database overflow answered as a 500.
 */
describe.each(DATABASES)('amounts too large on %s', (kind) => {
  let s: TestServer;
  let demo: Session;
  beforeAll(async () => {
    s = await startServer(kind);
    s.market.onTick('BTC/USDT', '60000', '1', Date.now(), 'test');
    demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
  });
  afterAll(() => s.close());

  /** What a refused request must leave as it was. */
  const written = async () => ({
    quotes: await count(s.db, 'exchange_quotes'),
    journal: await count(s.db, 'journal'),
    orders: await count(s.db, 'spot_orders'),
    adjustments: await count(s.db, 'ledger_adjustments'),
  });
  const expectTooLarge = (res: { status: number; body: { msg: string; data: { error?: string } } }) => {
    expect(res.status).toBe(400);
    expect(res.body.data.error).toBe('amount_too_large');
  };

  it('refuses the flash-exchange quote of 1.5e15 BTC with a translated error, storing nothing', async () => {
    const before = await written();
    const res = await s.api(
      '/api/exchange/quote',
      { from: 'BTC', to: 'USDT', amount: '1500000000000000' },
      { token: demo.token, lang: 'de' },
    );
    expectTooLarge(res);
    expect(res.body.msg).toBe('Dieser Betrag ist zu groß.');
    expect(await written()).toEqual(before);
  });

  it('refuses a quote whose converted amount would not fit the ledger, though the amount itself is allowed', async () => {
    await s.db.query(`UPDATE index_prices SET price = 900000000 WHERE asset = 'BTC'`);
    try {
      const before = await written();
      // 999,999,999,999,999 BTC at 900,000,000 USDT is about 9e23 USDT: past NUMERIC(38,18).
      const res = await s.api(
        '/api/exchange/quote',
        { from: 'BTC', to: 'USDT', amount: '999999999999999' },
        { token: demo.token },
      );
      expectTooLarge(res);
      expect(await written()).toEqual(before);
    } finally {
      await s.db.query(`UPDATE index_prices SET price = 60000 WHERE asset = 'BTC'`);
    }
  });

  it('refuses an over-long transfer amount, however it is padded', async () => {
    const before = await written();
    for (const amount of ['1000000000000000', '0001000000000000000', '123456789012345678901234567890.5']) {
      const res = await s.api(
        '/api/credit/transfer',
        { from: 'funding', to: 'contract', asset: 'USDT', amount, idempotencyKey: randomUUID() },
        { token: demo.token },
      );
      expectTooLarge(res);
    }
    expect(await written()).toEqual(before);
  });

  it('refuses a spot order whose value would not fit the ledger', async () => {
    await buyWithUsdt(s, demo.token, 'BTC', '100');
    const before = await written();
    const huge = await s.api(
      '/api/spot/order',
      {
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        price: '999999999999999',
        qty: '999999999999999',
        idempotencyKey: randomUUID(),
      },
      { token: demo.token },
    );
    expectTooLarge(huge);
    const longQty = await s.api(
      '/api/spot/order',
      {
        symbol: 'BTC/USDT',
        side: 'sell',
        type: 'market',
        qty: '10000000000000000',
        idempotencyKey: randomUUID(),
      },
      { token: demo.token },
    );
    expectTooLarge(longQty);
    expect(await written()).toEqual(before);
  });

  it("refuses an operator's adjustment too large for the ledger", async () => {
    const admin = (await s.api<AdminSession>('/api/admin/login', ADMIN)).body.data.token;
    const before = await written();
    const res = await s.api(
      '/api/admin/ledger/adjustments',
      {
        userId: demo.user.id,
        account: 'funding',
        asset: 'USDT',
        amount: '-99999999999999999999',
        reason: 'Too big',
      },
      { token: admin },
    );
    expectTooLarge(res);
    expect(await written()).toEqual(before);
  });
});
