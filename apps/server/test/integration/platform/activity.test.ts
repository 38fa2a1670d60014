import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Session } from '@otc/protocol/auth/schemas';
import type { SpotOrder } from '@otc/protocol/spot/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyWithUsdt, DATABASES, startServer, type TestServer } from '../support/harness.ts';

const MIGRATION = path.resolve(import.meta.dirname, '../../../src/db/migrations/011_activity.sql');

/**
 * Facts between areas: each spot fill writes one activity record per user (one for a trade with
 * oneself), with the fill's notional and that user's fee, naming the fill's ledger journal.
 */
describe.each(DATABASES)('trade activity records on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    s.market.onTick('BTC/USDT', '60000', '1', Date.now(), 'test');
  });
  afterAll(() => s.close());

  const demo = async () => (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
  const order = (token: string, body: Record<string, unknown>) =>
    s.api<SpotOrder>(
      '/api/spot/order',
      { symbol: 'BTC/USDT', idempotencyKey: randomUUID(), ...body },
      { token },
    );
  const records = () =>
    s.db.query<{
      user_id: string;
      product: string;
      symbol: string;
      realm: string;
      notional: string;
      fee: string;
      journal_id: string;
    }>(
      `SELECT user_id::text AS user_id, product, symbol, realm, notional::text AS notional, fee::text AS fee,
              journal_id::text AS journal_id
       FROM trade_activity ORDER BY journal_id, user_id`,
    );

  it("writes each user's part of a fill, and one record for a trade with oneself", async () => {
    const seller = await demo();
    const buyer = await demo();
    await buyWithUsdt(s, seller.token, 'BTC', '2000');
    await order(seller.token, { side: 'sell', type: 'limit', price: '61000', qty: '0.01' });
    expect((await order(buyer.token, { side: 'buy', type: 'market', qty: '0.01' })).body.data.status).toBe(
      'filled',
    );
    // The seller takes its own resting order back: one trade, one record with both fees.
    await order(seller.token, { side: 'sell', type: 'limit', price: '62000', qty: '0.01' });
    await order(seller.token, { side: 'buy', type: 'limit', price: '62000', qty: '0.01' });

    const [trade, self] = await s.db
      .query<{ journal_id: string }>(
        `SELECT journal_id::text AS journal_id FROM spot_trades WHERE realm = 'demo' ORDER BY id DESC LIMIT 2`,
      )
      .then((rows) => rows.reverse());
    const byFill = (
      a: { journal_id?: string; user_id: string },
      b: { journal_id?: string; user_id: string },
    ) => Number(a.journal_id) - Number(b.journal_id) || Number(a.user_id) - Number(b.user_id);
    const mine = (await records()).filter(
      (r) => r.journal_id === trade?.journal_id || r.journal_id === self?.journal_id,
    );
    const part = { product: 'spot', symbol: 'BTC/USDT', realm: 'demo' };
    expect(mine.sort(byFill)).toEqual(
      [
        // 0.01 x 61,000 = 610 USDT at 0.1% a side.
        {
          ...part,
          user_id: seller.user.id,
          notional: '610.000000000000000000',
          fee: '0.610000000000000000',
          journal_id: trade?.journal_id,
        },
        {
          ...part,
          user_id: buyer.user.id,
          notional: '610.000000000000000000',
          fee: '0.610000000000000000',
          journal_id: trade?.journal_id,
        },
        {
          ...part,
          user_id: seller.user.id,
          notional: '620.000000000000000000',
          fee: '1.240000000000000000',
          journal_id: self?.journal_id,
        },
      ].sort(byFill),
    );
  });

  it('has the migration make, from the trades before it, the records the settlement writes', async () => {
    const written = await records();
    expect(written.length).toBeGreaterThan(0);
    const sql = await readFile(MIGRATION, 'utf8');
    const backfill = sql.slice(sql.indexOf('INSERT INTO trade_activity'));
    await s.db.tx(async (q) => {
      await q.query('DELETE FROM trade_activity');
      await q.exec(backfill);
    });
    expect(await records()).toEqual(written);
  });
});
