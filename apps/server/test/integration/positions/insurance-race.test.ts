import { randomUUID } from 'node:crypto';
import { move, parseUnits } from '@otc/core';
import type { Position, PositionOrder } from '@otc/protocol/positions/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../../src/areas.ts';
import { post } from '../../../src/postings/index.ts';
import { DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { contract, tick, trader } from './helpers.ts';

/**
 * Two instruments' engines are separate writers: both can liquidate at once, each with a deficit
 * the insurance fund pays as far as its balance goes. The fund is spent once: it ends at zero, never
 * below, and the dealer receives less by exactly the rest.
 */
describe.each(DATABASES)('two liquidations at once against one insurance fund on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
    manualClock(s).set(Date.UTC(2026, 10, 25, 15, 0));
    tick(s, '60000');
    tick(s, '3000', 'ETH/USDT');
  });
  afterAll(() => s.close());

  const platform = async (k: string) => {
    const [row] = await s.db.query<{ available: string }>(
      `SELECT available::text AS available FROM ledger_accounts
       WHERE realm = 'demo' AND owner_type = 'platform' AND owner = 'main' AND kind = $1 AND asset = 'USDT'`,
      [k],
    );
    return parseUnits(row?.available ?? '0');
  };
  const openAt100x = async (symbol: string, lots: string) => {
    const u = await trader(s, '1000');
    const o = await s.api<PositionOrder>(
      '/api/contract/order',
      { symbol, side: 'long', type: 'market', lots, leverage: 100, idempotencyKey: randomUUID() },
      { token: u.token },
    );
    expect(o.body.data.status, JSON.stringify(o.body)).toBe('filled');
    const [p] = (await s.api<{ items: Position[] }>('/api/contract/positions', {}, { token: u.token })).body
      .data.items;
    return { token: u.token, position: p as Position };
  };

  it('spends the fund once: it ends at zero and the dealer covers exactly the rest', async () => {
    const btc = await openAt100x('BTC-PERP', '0.1');
    const eth = await openAt100x('ETH-PERP', '2');
    // The demo insurance fund holds 20 USDT; each deficit below is about twice that.
    await post(s.db, {
      realm: 'demo',
      kind: 'test.fund',
      legs: move('platform:main:treasury', 'platform:main:insurance', 'USDT', parseUnits('20')),
    });
    expect(await platform('insurance')).toBe(parseUnits('20'));
    const dealer = await platform('dealer');
    const liquidateBoth = () => {
      // Far past both liquidation prices: each loss exceeds its margin (the triggers see it too).
      tick(s, '59000');
      tick(s, '2900', 'ETH/USDT');
      return Promise.all([
        s.positions.submitSystemClose(btc.position.id, 'liquidation'),
        s.positions.submitSystemClose(eth.position.id, 'liquidation'),
      ]);
    };
    if (kind === 'postgres') {
      // Hold the fund's row until both engines' transactions wait behind it: without the fund read
      // under lock, both have read 20 by then and each pays its deficit out of it.
      let release: () => void = () => undefined;
      const released = new Promise<void>((r) => {
        release = r;
      });
      let holder = 0;
      const held = s.db.tx(async (q) => {
        const [me] = await q.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await q.query(
          `SELECT 1 FROM ledger_accounts WHERE realm = 'demo' AND owner_type = 'platform' AND kind = 'insurance'
           AND asset = 'USDT' FOR UPDATE`,
        );
        holder = me?.pid ?? 0;
        await released;
      });
      await expect.poll(() => holder).toBeGreaterThan(0);
      const done = liquidateBoth();
      // Both wait, on the holder or on each other behind it.
      await expect
        .poll(async () => {
          const [row] = await s.db.query<{ n: string }>(
            `WITH RECURSIVE w (pid) AS (
               SELECT pid FROM pg_stat_activity WHERE $1::int = ANY (pg_blocking_pids(pid))
               UNION SELECT a.pid FROM pg_stat_activity a JOIN w ON w.pid = ANY (pg_blocking_pids(a.pid)))
             SELECT count(*)::text AS n FROM w`,
            [holder],
          );
          return Number(row?.n);
        })
        .toBe(2);
      release();
      await held;
      await done;
    } else {
      // PGlite runs one transaction at a time: the two still meet the fund one after the other.
      await liquidateBoth();
    }

    for (const { token } of [btc, eth]) {
      expect(
        (await s.api<{ items: Position[] }>('/api/contract/positions', {}, { token })).body.data.items,
      ).toEqual([]);
      // Nothing is left to either user: the whole margin went to the dealer.
      expect((await contract(s, token)).frozen).toBe('0');
    }
    expect(await platform('insurance')).toBe(0n);
    // The dealer receives both margins (each loss capped there) and the fund's 20, nothing more.
    const margins = parseUnits(btc.position.margin) + parseUnits(eth.position.margin);
    expect((await platform('dealer')) - dealer).toBe(margins + parseUnits('20'));
    expect(await checkLedger(s.db)).toEqual([]);
  });
});
