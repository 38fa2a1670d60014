import { randomUUID } from 'node:crypto';
import { parseUnits } from '@otc/core';
import type { Session } from '@otc/protocol/auth/schemas';
import type { SpotOrder } from '@otc/protocol/spot/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotEngine } from '../../../src/spot/engine.ts';
import { storeOrders } from '../../../src/spot/intake.ts';
import type { OrderRow } from '../../../src/spot/rows.ts';
import { buyWithUsdt, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { secondSpotEngines } from '../support/spot-pipeline.ts';

/**
 * When the database refuses an engine's batch, the engine rebuilds its book from the database: every
 * order that had rested must be back on the book (a remainder below the minimum notional too: it
 * used to be left frozen off the book, where its owner could not cancel it), and an order whose
 * first match was the failed one is cancelled with its funds released, never traded in memory only.
 * The database refuses for real: a trigger rejects every trade insert while the test wants it to.
 */
describe.each(DATABASES)('a failed spot batch on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await s.db.query(
      `CREATE FUNCTION refuse_spot_trades() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'spot trades refused by the test'; END $$`,
    );
  });
  afterAll(() => s.close());

  const refuseTrades = () =>
    s.db.query(
      'CREATE TRIGGER refuse_spot_trades BEFORE INSERT ON spot_trades FOR EACH STATEMENT EXECUTE FUNCTION refuse_spot_trades()',
    );
  const allowTrades = () => s.db.query('DROP TRIGGER refuse_spot_trades ON spot_trades');
  const fresh = () => {
    s.market.onTick('BTC/USDT', '60000', '1', Date.now(), 'test');
    s.market.onTick('ETH/USDT', '3500', '1', Date.now(), 'test');
    s.market.onTick('SOL/USDT', '150', '1', Date.now(), 'test');
  };
  const demo = async () => (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
  const order = (u: Session, symbol: string, side: 'buy' | 'sell', price: string, qty: string) =>
    s.api<SpotOrder>(
      '/api/spot/order',
      { symbol, side, type: 'limit', price, qty, idempotencyKey: randomUUID() },
      { token: u.token },
    );
  const row = async (id: string) =>
    (
      await s.db.query<{ status: string; frozen: string }>(
        'SELECT status, frozen::text AS frozen FROM spot_orders WHERE id = $1',
        [id],
      )
    )[0];
  const balances = (ids: string[]) =>
    s.db.query<Record<string, string>>(
      `SELECT owner, asset, available::text AS available, frozen::text AS frozen FROM ledger_accounts
        WHERE owner_type = 'user' AND owner = ANY($1::text[]) ORDER BY owner, kind, asset`,
      [ids],
    );
  /** Every open order of a demo book rests on `engine`'s book with what is left of it. */
  const expectAllOnBook = async (engine: SpotEngine, symbol: string) => {
    const open = await s.db.query<{ id: string; left: string }>(
      `SELECT id::text AS id, (qty - filled)::text AS left FROM spot_orders
        WHERE symbol = $1 AND realm = 'demo' AND status IN ('new', 'open', 'partial')`,
      [symbol],
    );
    expect(open.length).toBeGreaterThan(0);
    for (const o of open)
      expect(engine.resting(o.id)?.remaining, o.id).toBe(parseUnits(o.left) / engine.spec.lotUnits);
  };

  it('puts every resting order back, the small remainder too, and cancels the new order releasing its funds', async () => {
    fresh();
    const [seller, buyer, bidder, taker] = await Promise.all([demo(), demo(), demo(), demo()]);
    await buyWithUsdt(s, seller.token, 'BTC', '3000');
    // Sell 0.0002 BTC at 60,000; a buyer takes 0.00015: 0.00005 BTC (3 USDT) is left.
    const small = (await order(seller, 'BTC/USDT', 'sell', '60000', '0.0002')).body.data;
    expect((await order(buyer, 'BTC/USDT', 'buy', '60000', '0.00015')).body.data.status).toBe('filled');
    await order(seller, 'BTC/USDT', 'sell', '61000', '0.001');
    await order(bidder, 'BTC/USDT', 'buy', '59000', '0.001');
    const engine = s.spot.get('BTC/USDT', 'demo') as SpotEngine;
    const depth = engine.depth(50);
    const users = [seller, buyer, bidder, taker].map((u) => u.user.id);
    const before = await balances(users);

    // The taker's buy would fill the small remainder and part of the 61,000 ask: the write fails.
    await refuseTrades();
    const refused = await order(taker, 'BTC/USDT', 'buy', '61000', '0.0005');
    await allowTrades();
    expect(refused.status).toBe(500);

    expect(engine.depth(50)).toEqual(depth);
    expect(engine.resting(small.id)?.remaining).toBe(5n);
    await expectAllOnBook(engine, 'BTC/USDT');
    expect(await balances(users)).toEqual(before);
    const [taken] = await s.db.query<{ id: string }>(
      `SELECT id::text AS id FROM spot_orders WHERE user_id = $1`,
      [taker.user.id],
    );
    expect(await row(taken?.id as string)).toEqual({ status: 'cancelled', frozen: '0.000000000000000000' });

    // The remainder is a live order: the next buyer fills it.
    fresh();
    expect((await order(taker, 'BTC/USDT', 'buy', '60000', '0.001')).body.data).toMatchObject({
      status: 'partial',
      filled: '0.00005',
    });
    expect(await row(small.id)).toMatchObject({ status: 'filled', frozen: '0.000000000000000000' });
  });

  it('leaves an order queued behind the failed batch to be matched in its turn, not restored ahead of it', async () => {
    fresh();
    const [seller, x, y] = await Promise.all([demo(), demo(), demo()]);
    await buyWithUsdt(s, seller.token, 'SOL', '100');
    await order(seller, 'SOL/USDT', 'sell', '150', '0.1');
    const engine = s.spot.get('SOL/USDT', 'demo') as SpotEngine;
    // Both stored first (x's buy crosses the ask, y's rests below it), then handed to the engine
    // one after the other, y once x's batch is being written: y is stored, but has not reached the
    // engine when x's batch fails.
    const store = (userId: string, ticks: bigint) =>
      s.db.tx((tx) =>
        storeOrders(tx, [{ userId, engine, order: { side: 'buy', type: 'limit', ticks, lots: 50n } }]),
      );
    const [stx] = (await store(x.user.id, 15_000n)).stored;
    const [sty] = (await store(y.user.id, 14_000n)).stored;
    await refuseTrades();
    const matchedX = engine.match(stx?.row as OrderRow).then(
      () => 'matched',
      (err: Error) => err.message,
    );
    await new Promise((r) => setImmediate(r));
    const matchedY = engine.match(sty?.row as OrderRow);
    expect(await matchedX).toBe('spot trades refused by the test');
    await matchedY;
    await allowTrades();

    expect(await row(stx?.row.id as string)).toEqual({ status: 'cancelled', frozen: '0.000000000000000000' });
    expect(await row(sty?.row.id as string)).toMatchObject({ status: 'open' });
    expect(engine.resting(sty?.row.id as string)?.remaining).toBe(50n);
    await expectAllOnBook(engine, 'SOL/USDT');
  });

  it('after a failed recovery batch, restores what rested and cancels, releasing their funds, the stored orders that never matched', async () => {
    fresh();
    const [a, b, c, d] = await Promise.all([demo(), demo(), demo(), demo()]);
    await buyWithUsdt(s, a.token, 'ETH', '1000');
    await buyWithUsdt(s, d.token, 'ETH', '1000');
    // A partly filled ask, a bid, and a remainder of 0.0005 ETH (1.725 USDT) on the best ask.
    await order(a, 'ETH/USDT', 'sell', '3500', '0.01');
    await order(b, 'ETH/USDT', 'buy', '3500', '0.004');
    await order(c, 'ETH/USDT', 'buy', '3400', '0.01');
    const small = (await order(d, 'ETH/USDT', 'sell', '3450', '0.002')).body.data;
    await order(b, 'ETH/USDT', 'buy', '3450', '0.0015');
    const live = s.spot.get('ETH/USDT', 'demo') as SpotEngine;
    const depth = live.depth(50);
    // The process died after the intake's commit: a buy of 0.002 ETH at 3,500 that crosses the book
    // and a market sell of 0.002 ETH are stored, funds frozen, never matched.
    const [e, f] = await Promise.all([demo(), demo()]);
    await buyWithUsdt(s, f.token, 'ETH', '1000');
    const { stored } = await s.db.tx((tx) =>
      storeOrders(tx, [
        {
          userId: e.user.id,
          engine: live,
          order: { side: 'buy', type: 'limit', ticks: 350_000n, lots: 20n },
        },
        {
          userId: f.user.id,
          engine: live,
          order: { side: 'sell', type: 'market', ticks: undefined, lots: 20n },
        },
      ]),
    );
    expect(stored).toHaveLength(2);
    const before = await balances([e.user.id, f.user.id]);

    // The restart's recovery matches them, and the database refuses the trades.
    await refuseTrades();
    const restarted = secondSpotEngines(s);
    await expect(restarted.recover()).rejects.toThrow('spot trades refused by the test');
    await allowTrades();

    const engine = restarted.get('ETH/USDT', 'demo') as SpotEngine;
    expect(engine.depth(50)).toEqual(depth);
    expect(engine.resting(small.id)?.remaining).toBe(5n);
    await expectAllOnBook(engine, 'ETH/USDT');
    for (const { row: o } of stored)
      expect(await row(o.id)).toEqual({ status: 'cancelled', frozen: '0.000000000000000000' });
    // All they froze is back: each balance holds what it held, none of it frozen.
    const held = (rows: Record<string, string>[]) =>
      rows.map((x) => [x.owner, x.asset, parseUnits(x.available as string) + parseUnits(x.frozen as string)]);
    const after = await balances([e.user.id, f.user.id]);
    expect(held(after)).toEqual(held(before));
    expect(after.every((x) => parseUnits(x.frozen as string) === 0n)).toBe(true);
    expect(before.some((x) => parseUnits(x.frozen as string) > 0n)).toBe(true);
  });
});
