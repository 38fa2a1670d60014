import { randomUUID } from 'node:crypto';
import { PAR } from '@otc/core';
import type { Position, PositionOrder } from '@otc/protocol/positions/schemas';
import { expect } from 'vitest';
import { toPosition } from '../../../src/positions/index.ts';
import type { TestServer } from '../support/harness.ts';
import type { EngineView, PipelineProduct } from '../support/pipeline-products.ts';
import { tick, trader } from './helpers.ts';

/**
 * Leveraged positions as the restart-equals-original test drives them: several users' open
 * positions on both sides of a perpetual, positions added to and partly closed, TP/SL set, and
 * resting limit entries; after the restart every engine knows the same positions (and so the same
 * dealer exposure), every entry rests again, and both still trade.
 */
export const positionsOnPipeline: PipelineProduct = {
  name: 'positions',
  engines: (s) => {
    const books = new Map<string, EngineView>();
    for (const e of s.positions.engines.all()) books.set(`${e.symbol} ${e.realm}`, e);
    return books;
  },
  orders: (s) =>
    s.db.query(
      `SELECT id::text AS id, symbol || ' ' || realm AS book, status, action, side, lots::text AS lots,
              price::text AS price, frozen::text AS frozen, fill_price::text AS fill_price,
              position_id::text AS position_id
         FROM position_orders ORDER BY position_orders.id`,
    ),
  load: async (s) => {
    tick(s, '60000');
    const users = await Promise.all([trader(s), trader(s), trader(s)]);
    const [a, b, c] = users.map((u) => u.token) as [string, string, string];
    const order = (token: string, body: Record<string, unknown>) =>
      s.api<PositionOrder>(
        '/api/contract/order',
        { symbol: 'BTC-PERP', idempotencyKey: randomUUID(), ...body },
        { token },
      );
    await order(a, { side: 'long', type: 'market', lots: '0.1', leverage: 10, tp: '70000' });
    await order(a, { side: 'long', type: 'market', lots: '0.05', leverage: 10 });
    await order(a, { side: 'short', type: 'market', lots: '0.02', leverage: 5, sl: '65000' });
    await order(b, { side: 'short', type: 'market', lots: '0.3', leverage: 20 });
    const [bp] = await open(s, b);
    await s.api(
      '/api/contract/close',
      { id: bp?.id, lots: '0.1', idempotencyKey: randomUUID() },
      { token: b },
    );
    const entries = [
      await order(c, { side: 'long', type: 'limit', lots: '0.01', leverage: 10, price: '55000' }),
      await order(c, { side: 'short', type: 'limit', lots: '0.02', leverage: 10, price: '65000' }),
      await order(a, { side: 'long', type: 'limit', lots: '0.01', leverage: 10, price: '50000' }),
    ];
    for (const e of entries) expect(e.body.data.status).toBe('open');
    const engine = (srv: TestServer) => srv.positions.engines.get('BTC-PERP', 'demo');
    const known = (srv: TestServer) =>
      [...(engine(srv)?.positions.all() ?? [])]
        .map((p) => ({ userId: p.user_id, ...toPosition(p, undefined, [], PAR) }))
        .sort((x, y) => Number(x.id) - Number(y.id));
    const exposure = engine(s)?.positions.exposure;
    expect(exposure).toBe(0n + 150n * 10n ** 15n - 20n * 10n ** 15n - 200n * 10n ** 15n);
    const before = { known: known(s), a: await open(s, a), b: await open(s, b) };

    return async (restarted) => {
      tick(restarted, '60000');
      expect(engine(restarted)?.positions.exposure).toBe(exposure);
      expect(known(restarted)).toEqual(before.known);
      expect(await open(restarted, a)).toEqual(before.a);
      expect(await open(restarted, b)).toEqual(before.b);
      // The restored engine trades: an entry fills when the mark reaches it, a position closes.
      tick(restarted, '54980');
      await until(async () => (await open(restarted, c)).length === 1);
      const [bp2] = await open(restarted, b);
      const closed = await restarted.api<PositionOrder>(
        '/api/contract/close',
        { id: bp2?.id, idempotencyKey: randomUUID() },
        { token: b },
      );
      expect(closed.body.data.status).toBe('filled');
      await restarted.api('/api/contract/closeall', { idempotencyKey: randomUUID() }, { token: a });
      await restarted.api('/api/contract/closeall', { idempotencyKey: randomUUID() }, { token: c });
      await restarted.api('/api/contract/cancelorder', { id: entries[1]?.body.data.id }, { token: c });
      await restarted.api('/api/contract/cancelorder', { id: entries[2]?.body.data.id }, { token: a });
      expect(engine(restarted)?.positions.exposure).toBe(0n);
    };
  },
};

const open = async (s: TestServer, token: string) =>
  (await s.api<{ items: Position[] }>('/api/contract/positions', {}, { token })).body.data.items;

async function until(ok: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('timed out');
}
