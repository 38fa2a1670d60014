import { randomUUID } from 'node:crypto';
import { PAR } from '@otc/core';
import type { Position, PositionDetail, PositionOrder } from '@otc/protocol/positions/schemas';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPosition } from '../../../src/positions/index.ts';
import { SHARED_SETUPS, startCluster, type TestServer } from '../support/harness.ts';
import { TestSocket } from '../support/socket-client.ts';
import { contract, perpOrder, tick, trader } from './helpers.ts';

type Frame = Record<string, unknown>;
type Cluster = Awaited<ReturnType<typeof startCluster>>;

/**
 * Positions (issue 16) on several instances of one platform, as production runs them: an `api`
 * process takes the requests and forwards what needs an engine over the bus (Redis) to the one
 * `engine` process that owns the engines (the holder of the PostgreSQL advisory lock); a standby
 * `engine` process takes the engines over when the owner stops, rebuilding them from the database.
 * Users are demo users: their positions are BTC-PERP's in the demo realm.
 */
describe.each(SHARED_SETUPS)('positions across instances', (setup) => {
  let cluster: Cluster;
  /** Starts first, so it holds the engines. */
  let owner: TestServer;
  /** Starts second, and waits for the lock. */
  let standby: TestServer;
  /** Owns no engine; a forwarded command nobody answers fails after 3 s. */
  let api: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    cluster = await startCluster(setup);
    owner = await cluster.start('engine');
    standby = await cluster.start('engine');
    api = await cluster.start('api', { spotForwardTimeoutMs: 3000 });
    await markEverywhere(owner, '60000');
  });
  afterAll(async () => {
    for (const ws of sockets) ws.close();
    await cluster?.close();
  });

  const engine = (s: TestServer) => s.positions.engines.get('BTC-PERP', 'demo');
  /** A tick on the instance that runs the engines, heard by the api instance too (it follows the bus). */
  const markEverywhere = async (at: TestServer, price: string) => {
    tick(at, price);
    await until(() => api.market.price('BTC-PERP') === price);
  };
  const order = (token: string, body: Record<string, unknown>) => perpOrder(api, token, body);
  const positions = async (s: TestServer, token: string) =>
    (await s.api<{ items: Position[] }>('/api/contract/positions', {}, { token })).body.data.items;
  const history = async (s: TestServer, token: string) =>
    (await s.api<{ items: Position[] }>('/api/contract/history', {}, { token })).body.data.items;
  const orders = async (s: TestServer, token: string, status: 'open' | 'history') =>
    (await s.api<{ items: PositionOrder[] }>('/api/contract/orderlist', { status }, { token })).body.data
      .items;
  const stored = async (table: 'positions' | 'position_orders', id: string) =>
    (await cluster.db.query<{ status: string }>(`SELECT status FROM ${table} WHERE id = $1`, [id]))[0];
  const orderCount = async () =>
    Number((await cluster.db.query<{ n: string }>('SELECT count(*)::text AS n FROM position_orders'))[0]?.n);
  /** What an engine holds: its open positions as stored (no mark), the dealer's exposure, its resting entries. */
  const engineState = (s: TestServer) => {
    const e = engine(s);
    return {
      positions: [...(e?.positions.all() ?? [])]
        .map((p) => toPosition(p, undefined, [], PAR))
        .sort((x, y) => Number(x.id) - Number(y.id)),
      exposure: e?.positions.exposure,
      entries: (e?.entries() ?? []).map((o) => o.id),
    };
  };
  /** The books of record of positions: every position, order and balance as stored. */
  const stateOfRecord = async () => ({
    positions: await cluster.db.query('SELECT * FROM positions ORDER BY id'),
    orders: await cluster.db.query('SELECT * FROM position_orders ORDER BY id'),
    balances: await cluster.db.query(
      'SELECT * FROM ledger_accounts ORDER BY realm, owner_type, owner, kind, asset',
    ),
  });
  /** A user's socket on the api instance, on its private channel. */
  const watch = async (token: string) => {
    const ws = await TestSocket.open(api.url);
    sockets.push(ws);
    ws.send({ op: 'auth', token });
    ws.send({ op: 'subscribe', channels: ['user'] });
    await ws.waitFor((f) => f.type === 'subscribed');
    return ws;
  };
  const heard = (ws: TestSocket, kind: 'position' | 'positionOrder', match: (x: Frame) => boolean) =>
    ws.waitFor((f) => {
      const data = f.data as Frame | undefined;
      return (
        f.type === 'data' &&
        f.channel === 'user' &&
        data?.kind === kind &&
        match(data[kind === 'position' ? 'position' : 'order'] as Frame)
      );
    });

  it('executes an order placed on the api instance at the engine owner, durably, shown on both and on the socket', async () => {
    expect([owner.desk.owns, standby.desk.owns, api.desk.owns]).toEqual([true, false, false]);
    expect([owner.positions.desk.owns, standby.positions.desk.owns, api.positions.desk.owns]).toEqual([
      true,
      false,
      false,
    ]);
    const u = await trader(api);
    const ws = await watch(u.token);
    const body = { tp: '66000', sl: '57000', idempotencyKey: randomUUID() };
    const placed = await order(u.token, body);
    expect(placed.status).toBe(200);
    // At the dealer's price: the mark plus the spread (0.02%).
    expect(placed.body.data).toMatchObject({ status: 'filled', fillPrice: '60012', lots: '0.1' });
    const positionId = placed.body.data.positionId as string;

    // Durable before the answer: the order and the position are stored as answered.
    expect(await stored('position_orders', placed.body.data.id)).toEqual({ status: 'filled' });
    expect(await stored('positions', positionId)).toEqual({ status: 'open' });
    // Executed by the owner's engine only: the others hold no such position.
    expect(engine(owner)?.positions.get(positionId)).toMatchObject({ lots: '0.1' });
    expect(engine(api)?.positions.get(positionId)).toBeUndefined();
    expect(engine(standby)?.positions.get(positionId)).toBeUndefined();

    // Both instances read it alike, from the database, at the same mark.
    const [onApi] = await positions(api, u.token);
    expect(onApi).toMatchObject({
      id: positionId,
      side: 'long',
      lots: '0.1',
      entryPrice: '60012',
      margin: '600.12',
      tp: '66000',
      sl: '57000',
      markPrice: '60000',
      status: 'open',
    });
    expect(await positions(owner, u.token)).toEqual([onApi]);
    expect(await orders(api, u.token, 'history')).toEqual(await orders(owner, u.token, 'history'));
    const detail = (s: TestServer) =>
      s.api<PositionDetail>('/api/contract/detail', { symbol: 'BTC-PERP' }).then((r) => r.body.data);
    expect(await detail(api)).toEqual(await detail(owner));

    // The user's socket on the api instance hears the owner's fill and the position.
    await heard(ws, 'positionOrder', (o) => o.id === placed.body.data.id && o.status === 'filled');
    expect(await heard(ws, 'position', (p) => p.id === positionId)).toMatchObject({
      data: { kind: 'position', position: { id: positionId, status: 'open', margin: '600.12' } },
    });

    // A repeat of the request (same key, same body) answers the same order: one order, one position.
    const count = await orderCount();
    const again = await order(u.token, { tp: '66000', sl: '57000', idempotencyKey: body.idempotencyKey });
    expect(again.body).toEqual(placed.body);
    expect(await orderCount()).toBe(count);
    expect(await positions(api, u.token)).toHaveLength(1);
  });

  it('closes, edits TP/SL and fires a stop-loss at the owner, and the api instance’s socket hears each', async () => {
    await markEverywhere(owner, '60000');
    const u = await trader(api);
    const ws = await watch(u.token);
    const opened = await order(u.token, { lots: '0.2', sl: '57000' });
    const id = opened.body.data.positionId as string;

    const closeBody = { id, lots: '0.05', idempotencyKey: randomUUID() };
    const closed = await api.api<PositionOrder>('/api/contract/close', closeBody, { token: u.token });
    // Sold to the dealer at the mark less the spread.
    expect(closed.body.data).toMatchObject({
      status: 'filled',
      action: 'close',
      lots: '0.05',
      fillPrice: '59988',
    });
    expect((await api.api('/api/contract/close', closeBody, { token: u.token })).body).toEqual(closed.body);
    await heard(ws, 'position', (p) => p.id === id && p.lots === '0.15');
    expect(await positions(api, u.token)).toMatchObject([{ id, lots: '0.15' }]);

    // The stop moved up through the api instance: the owner's triggers watch the new one.
    const edited = await api.api<Position>(
      '/api/contract/tpsl',
      { id, tp: null, sl: '59500' },
      { token: u.token },
    );
    expect(edited.body.data).toMatchObject({ id, tp: null, sl: '59500' });
    await heard(ws, 'position', (p) => p.id === id && p.sl === '59500');
    await markEverywhere(owner, '59600');
    expect(await stored('positions', id)).toEqual({ status: 'open' });
    // 59400 crosses 59500, not the first stop (57000).
    await markEverywhere(owner, '59400');
    await expect.poll(() => stored('positions', id), { timeout: 10_000 }).toEqual({ status: 'closed' });
    const shut = { id, status: 'closed', closeReason: 'sl', closePrice: '59388.12' };
    expect(await heard(ws, 'position', (p) => p.id === id && p.status === 'closed')).toMatchObject({
      data: { position: shut },
    });
    const [done] = await history(api, u.token);
    expect(done).toMatchObject(shut);
    expect(await history(owner, u.token)).toEqual([done]);
    expect(await positions(api, u.token)).toEqual([]);
    // Two closes: the user's and the stop's, each once.
    const closes = (await orders(api, u.token, 'history')).filter((o) => o.action === 'close');
    expect(closes.map((o) => o.lots).sort()).toEqual(['0.05', '0.15']);
  });

  it('hands the engines to the standby when the owner stops: rebuilt from the database as they were, trading on', async () => {
    await markEverywhere(owner, '60000');
    const a = await trader(api);
    const b = await trader(api);
    const ws = await watch(a.token);
    const aBody = { tp: '66000', idempotencyKey: randomUUID() };
    const aPlaced = await order(a.token, aBody);
    const aId = aPlaced.body.data.positionId as string;
    const bId = (await order(b.token, { side: 'short', sl: '64000' })).body.data.positionId as string;
    const entry = await order(a.token, { type: 'limit', price: '55000', lots: '0.01' });
    expect(entry.body.data.status).toBe('open');
    // An edit the new owner can only know from the database.
    const edit = await api.api('/api/contract/tpsl', { id: bId, tp: null, sl: '62500' }, { token: b.token });
    expect(edit.status).toBe(200);
    // The standby has built nothing: what it will know, it reads from the database.
    expect([...(engine(standby)?.positions.all() ?? [])]).toEqual([]);

    const before = {
      engine: engineState(owner),
      db: await stateOfRecord(),
      a: await positions(api, a.token),
      b: await positions(api, b.token),
      entries: await orders(api, a.token, 'open'),
    };
    expect(before.engine.entries).toEqual([entry.body.data.id]);
    expect(before.engine.positions.map((p) => p.id)).toEqual(expect.arrayContaining([aId, bId]));

    await owner.close();
    await expect.poll(() => standby.positions.desk.owns, { timeout: 15_000, interval: 50 }).toBe(true);
    // Restart equals original: the same positions (margins, TP/SL), exposure and resting entries,
    // and taking over wrote nothing.
    expect(engineState(standby)).toEqual(before.engine);
    expect(await stateOfRecord()).toEqual(before.db);
    expect(await positions(api, a.token)).toEqual(before.a);
    expect(await positions(api, b.token)).toEqual(before.b);
    expect(await orders(api, a.token, 'open')).toEqual(before.entries);
    // A repeat of an order the old owner executed answers the same through the new one, and places nothing.
    expect((await order(a.token, aBody)).body).toEqual(aPlaced.body);
    expect(await stateOfRecord()).toEqual(before.db);

    // The triggers were rebuilt as edited: B's stop fires at 62600 (the first one, 64000, would not).
    await markEverywhere(standby, '62600');
    await expect.poll(() => stored('positions', bId), { timeout: 10_000 }).toEqual({ status: 'closed' });
    expect((await history(api, b.token))[0]).toMatchObject({ id: bId, closeReason: 'sl' });
    expect(await stored('positions', aId)).toEqual({ status: 'open' });
    // A's take-profit, heard on the api instance's socket.
    await markEverywhere(standby, '66100');
    expect(await heard(ws, 'position', (p) => p.id === aId && p.status === 'closed')).toMatchObject({
      data: { position: { id: aId, closeReason: 'tp', closePrice: '66086.78' } },
    });
    // The resting entry fills when the mark reaches it, at the dealer's price 54900 + 0.02%, better than 55000.
    await markEverywhere(standby, '54900');
    await expect
      .poll(async () => (await positions(api, a.token)).map((p) => [p.lots, p.entryPrice]), {
        timeout: 10_000,
      })
      .toEqual([['0.01', '54910.98']]);
    await heard(ws, 'positionOrder', (o) => o.id === entry.body.data.id && o.status === 'filled');

    // Later orders and closes through the api instance run at the new owner.
    const later = await order(b.token, { lots: '0.05' });
    expect(later.body.data).toMatchObject({ status: 'filled', fillPrice: '54910.98' });
    expect(engine(standby)?.positions.get(later.body.data.positionId as string)).toBeDefined();
    const closeLater = await api.api<PositionOrder>(
      '/api/contract/close',
      { id: later.body.data.positionId, idempotencyKey: randomUUID() },
      { token: b.token },
    );
    expect(closeLater.body.data).toMatchObject({ status: 'filled', action: 'close' });
    expect(await positions(api, b.token)).toEqual([]);
  });

  it('answers trading unavailable while no engine owner runs; the repeat once one does places the order once', async () => {
    await standby.close();
    const u = await trader(api);
    const funds = await contract(api, u.token);
    const count = await orderCount();
    const body = { idempotencyKey: randomUUID() };
    const gap = await order(u.token, body);
    expect(gap.status).toBe(503);
    expect(gap.body.data.error).toBe('trading_unavailable');
    expect(await contract(api, u.token)).toEqual(funds);
    expect(await orderCount()).toBe(count);

    // A new engine process finds the lock free and takes the engines at start.
    const next = await cluster.start('engine');
    await expect.poll(() => next.positions.desk.owns, { timeout: 15_000, interval: 50 }).toBe(true);
    await markEverywhere(next, '60000');
    const placed = await order(u.token, body);
    expect(placed.body.data).toMatchObject({ status: 'filled', fillPrice: '60012' });
    expect((await order(u.token, body)).body).toEqual(placed.body);
    expect(await orderCount()).toBe(count + 1);
    expect(await positions(api, u.token)).toMatchObject([{ id: placed.body.data.positionId, lots: '0.1' }]);
  });
});

/** Waits (up to `ms`) for `ok`: for the hooks, where expect.poll cannot run. */
async function until(ok: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A graceful stop of the engine owner while an engine is still writing a fill (held up here by a
 * lock another connection holds on the platform's accounts): the owner keeps its ownership until
 * the fill is written, so the standby that takes over finds it filled, not new.
 */
describe.each(SHARED_SETUPS)('positions when the engine owner stops in the middle of a fill', (setup) => {
  let cluster: Cluster;
  let owner: TestServer;
  let standby: TestServer;
  let api: TestServer;
  beforeAll(async () => {
    cluster = await startCluster(setup);
    owner = await cluster.start('engine');
    standby = await cluster.start('engine');
    api = await cluster.start('api', { spotForwardTimeoutMs: 3000 });
    tick(owner, '60000');
    await until(() => api.market.price('BTC-PERP') === '60000');
  });
  afterAll(() => cluster?.close());

  it('keeps the engines until what it is settling is written, so the standby never fills it again', async () => {
    const u = await trader(api);
    const order = (key: string) =>
      api.api<PositionOrder>(
        '/api/contract/order',
        { symbol: 'BTC-PERP', side: 'long', type: 'market', lots: '0.1', leverage: 10, idempotencyKey: key },
        { token: u.token },
      );
    // A first fill, so the platform's demo accounts (fees) exist to be held.
    expect((await order(randomUUID())).body.data.status).toBe('filled');

    // Another process holds the platform's demo accounts: the owner's next settlement waits for them.
    const holder = new pg.Client({ connectionString: cluster.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query(
      `SELECT id FROM ledger_accounts WHERE realm = 'demo' AND owner_type = 'platform' FOR UPDATE`,
    );
    const key = randomUUID();
    const placing = order(key);
    // Stored (its margin frozen) and at the engine, which cannot write its fill yet.
    await expect
      .poll(async () => (await cluster.db.query(`SELECT 1 FROM position_orders WHERE status = 'new'`)).length)
      .toBe(1);
    const stopping = owner.close();
    // Longer than the standby's retry of the lock (5 s): a standby that could take over has.
    await new Promise((r) => setTimeout(r, 6000));
    await holder.query('ROLLBACK');
    await holder.end();
    await stopping;
    expect((await placing).status).toBe(503);

    await expect.poll(() => standby.positions.desk.owns, { timeout: 15_000, interval: 50 }).toBe(true);
    // Filled once: one order, one position of 0.1 (the first and this one), the margins as frozen.
    const again = await order(key);
    expect(again.body.data).toMatchObject({ status: 'filled', lots: '0.1' });
    const held = (await api.api<{ items: Position[] }>('/api/contract/positions', {}, { token: u.token }))
      .body.data.items;
    expect(held).toMatchObject([{ lots: '0.2' }]);
    // Its fees were charged once: the contract account holds exactly the position's margin frozen.
    expect((await contract(api, u.token)).frozen).toBe(held[0]?.margin);
  });
});
