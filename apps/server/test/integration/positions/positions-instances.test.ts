import { randomUUID } from 'node:crypto';
import type { Session } from '@otc/protocol/auth/schemas';
import type { Position, PositionDetail, PositionOrder } from '@otc/protocol/positions/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPosition } from '../../../src/positions/index.ts';
import { SHARED_SETUPS, startCluster, type TestServer } from '../harness.ts';
import { TestSocket } from '../socket-client.ts';
import { contract, tick, trader } from './helpers.ts';

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
  const order = (token: string, body: Record<string, unknown>) =>
    api.api<PositionOrder>(
      '/api/contract/order',
      {
        symbol: 'BTC-PERP',
        side: 'long',
        type: 'market',
        lots: '0.1',
        leverage: 10,
        idempotencyKey: randomUUID(),
        ...body,
      },
      { token },
    );
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
});

/** Waits (up to `ms`) for `ok`: for the hooks, where expect.poll cannot run. */
async function until(ok: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
