import { randomUUID } from 'node:crypto';
import type { Session } from '@otc/protocol/auth/schemas';
import type { SpotOrder } from '@otc/protocol/spot/schemas';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkLedger } from '../../../src/areas.ts';
import { Fence } from '../../../src/db/ownership.ts';
import { RESTART_EXIT_CODE } from '../../../src/platform/restart.ts';
import type { SpotEngine } from '../../../src/spot/engine.ts';
import { storeOrders } from '../../../src/spot/intake.ts';
import { ORDER_COLUMNS, type OrderRow } from '../../../src/spot/rows.ts';
import { buyWithUsdt, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { secondSpotEngines } from '../support/spot-pipeline.ts';

/**
 * Split brain, fenced (decision 0148). The engines' owner took the `spot-engines` role's generation
 * when it took the role; a takeover (another process's `Fence.take`, what a standby does once it
 * holds the lock) raises it. From then on every write of the stale owner, the intake's and the
 * engine's, is refused with nothing written, and the process takes the lost-lock path (it ends; here
 * `process.exit` is watched, not run). A fill update against an order that is no longer as the
 * engine had it (filled meanwhile by another writer) is refused too: no trade is ever doubled.
 */
describe.each(DATABASES)('fencing the spot engines on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const fresh = () => s.market.onTick('BTC/USDT', '60000', '1', Date.now(), 'test');
  const demo = async () => (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
  const order = (u: Session, side: 'buy' | 'sell', price: string, qty: string) =>
    s.api<SpotOrder>(
      '/api/spot/order',
      { symbol: 'BTC/USDT', side, type: 'limit', price, qty, idempotencyKey: randomUUID() },
      { token: u.token },
    );
  /** Everything an engine write could change: rows of orders, trades, the journal, and every balance. */
  const snapshot = async () => ({
    counts: await s.db.query(
      `SELECT (SELECT count(*) FROM spot_orders)::int AS orders, (SELECT count(*) FROM spot_trades)::int AS trades,
              (SELECT count(*) FROM journal)::int AS journal, (SELECT count(*) FROM journal_entries)::int AS entries`,
    ),
    orders: await s.db.query(
      `SELECT id::text, status, filled::text, frozen::text FROM spot_orders ORDER BY id`,
    ),
    balances: await s.db.query(
      `SELECT owner, kind, asset, available::text, frozen::text FROM ledger_accounts ORDER BY id`,
    ),
  });
  const row = async (id: string) =>
    (
      await s.db.query<OrderRow>(
        `SELECT id::text, status, trim_scale(filled)::text AS filled FROM spot_orders WHERE id = $1`,
        [id],
      )
    )[0];

  it('refuses every write of a stale owner once a newer one took the engines, writes nothing, and ends the process', async () => {
    fresh();
    const [seller, buyer] = await Promise.all([demo(), demo()]);
    await buyWithUsdt(s, seller.token, 'BTC', '1200');
    const ask = (await order(seller, 'sell', '60000', '0.001')).body.data;
    expect(ask.status).toBe('open');
    let engine = s.spot.get('BTC/USDT', 'demo') as SpotEngine;
    // An order the owner stored (its intake's batch) just before the takeover, not matched yet: it
    // would fill the ask.
    const { stored } = await s.db.tx((tx) =>
      storeOrders(
        tx,
        [
          {
            userId: buyer.user.id,
            engine,
            order: { side: 'buy', type: 'limit', ticks: 6_000_000n, lots: 100n },
          },
        ],
        s.spot.fence,
      ),
    );
    const bid = stored[0]?.row as OrderRow;
    expect(bid.id).toBeTruthy();
    const held = s.spot.fence.held as string;
    expect(held).toBeDefined();

    // The takeover: another owner of the role raises the generation (as a standby does once it holds the lock).
    expect(BigInt(await new Fence('spot-engines').take(s.db))).toBe(BigInt(held) + 1n);
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const before = await snapshot();

    // The engine's transaction checks the generation first: no trade, no fill, no ledger leg.
    await expect(engine.match(bid)).rejects.toMatchObject({ key: 'trading_unavailable' });
    expect(await snapshot()).toEqual(before);
    // The lost-lock path, taken once: the process ends with 75, a supervisor starts it again as a standby.
    expect(exit).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(RESTART_EXIT_CODE);
    expect(s.spot.fence.held).toBeUndefined();
    // Whatever it is asked next is refused too (here, with no round trip): a cancel writes nothing.
    await expect(engine.cancel(ask.id)).rejects.toMatchObject({ key: 'trading_unavailable' });
    expect(await snapshot()).toEqual(before);
    expect(await row(ask.id)).toMatchObject({ status: 'open', filled: '0' });
    expect(await checkLedger(s.db)).toEqual([]);

    // The newer owner (a restart takes the next generation and rebuilds the books) trades the two
    // orders once: nothing was lost to the refusals, nothing doubled.
    s = await s.restart();
    expect(BigInt(s.spot.fence.held as string)).toBe(BigInt(held) + 2n);
    expect(await row(ask.id)).toMatchObject({ status: 'filled' });
    expect(await row(bid.id)).toMatchObject({ status: 'filled' });
    const trades = await s.db.query(`SELECT 1 FROM spot_trades WHERE maker_order = $1 OR taker_order = $1`, [
      ask.id,
    ]);
    expect(trades).toHaveLength(1);
    expect(await checkLedger(s.db)).toEqual([]);

    // The intake's one statement checks it too: after the next takeover, a buy that would fill a
    // new ask is refused before anything is frozen or stored.
    fresh();
    const ask2 = (await order(seller, 'sell', '60000', '0.001')).body.data;
    expect(ask2.status).toBe('open');
    engine = s.spot.get('BTC/USDT', 'demo') as SpotEngine;
    await new Fence('spot-engines').take(s.db);
    const beforeIntake = await snapshot();
    const refused = await order(buyer, 'buy', '60000', '0.001');
    expect(refused.status).toBe(503);
    expect(refused.body.data).toMatchObject({ error: 'trading_unavailable' });
    expect(exit).toHaveBeenCalledTimes(2);
    expect(await snapshot()).toEqual(beforeIntake);
    expect(engine.resting(ask2.id)?.remaining).toBe(100n);
    expect(await checkLedger(s.db)).toEqual([]);
    // The next test runs on a process that owns the engines.
    s = await s.restart();
  });

  it('refuses a fill against an order another writer has filled meanwhile, and changes nothing', async () => {
    fresh();
    // Below the first test's ask, still resting at 60,000.
    const [seller, buyer, bidder] = await Promise.all([demo(), demo(), demo()]);
    await buyWithUsdt(s, seller.token, 'BTC', '600');
    const ask = (await order(seller, 'sell', '59000', '0.001')).body.data;
    // The seller's other ask keeps BTC frozen, so the ledger alone would let a second fill of the
    // first ask through (its frozen BTC would not go below zero): the fill's own guard must refuse it.
    expect((await order(seller, 'sell', '70000', '0.001')).body.data.status).toBe('open');
    const [askRow] = await s.db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE id = $1`, [
      ask.id,
    ]);
    // The ask as a stale engine would hold it: open, nothing filled. The owner then fills it.
    expect(askRow).toMatchObject({ status: 'open' });
    expect(Number(askRow?.filled)).toBe(0);
    expect((await order(buyer, 'buy', '59000', '0.001')).body.data.status).toBe('filled');
    const bid = (await order(bidder, 'buy', '59000', '0.001')).body.data;
    expect(bid.status).toBe('open');

    // A second engine on the same book (as a stale owner's), holding the bid; it is handed the ask
    // as it stood before its fill, and matches the two.
    const stale = secondSpotEngines(s);
    await stale.recover();
    const engine = stale.get('BTC/USDT', 'demo') as SpotEngine;
    expect(engine.resting(bid.id)?.remaining).toBe(100n);
    const before = await snapshot();
    await expect(engine.match({ ...(askRow as OrderRow) }, false)).rejects.toThrow(
      /guarded write changed 1 rows where 2/,
    );
    expect(await snapshot()).toEqual(before);
    expect(await row(ask.id)).toMatchObject({ status: 'filled', filled: '0.001' });
    expect(await row(bid.id)).toMatchObject({ status: 'open', filled: '0' });

    // And a maker filled meanwhile: the stale book still holds the filled ask, a new bid crosses it.
    const staleAgain = secondSpotEngines(s);
    const bookOf = staleAgain.get('BTC/USDT', 'demo') as SpotEngine;
    await bookOf.recover([{ ...(askRow as OrderRow) }]);
    expect(bookOf.resting(ask.id)?.remaining).toBe(100n);
    const { stored } = await s.db.tx((tx) =>
      storeOrders(tx, [
        {
          userId: buyer.user.id,
          engine: bookOf,
          order: { side: 'buy', type: 'limit', ticks: 5_900_000n, lots: 100n },
        },
      ]),
    );
    const taker = stored[0]?.row as OrderRow;
    const beforeTaker = await snapshot();
    await expect(bookOf.match(taker)).rejects.toThrow(/guarded write/);
    // The refused batch's new order is cancelled, its funds released, as after any failed batch; no trade.
    const after = await snapshot();
    expect(after.counts[0]).toMatchObject({ trades: (beforeTaker.counts[0] as { trades: number }).trades });
    expect(await row(ask.id)).toMatchObject({ status: 'filled', filled: '0.001' });
    expect(await row(taker.id)).toMatchObject({ status: 'cancelled', filled: '0' });
    expect(await checkLedger(s.db)).toEqual([]);
  });
});
