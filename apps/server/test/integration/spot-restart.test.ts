import { randomUUID } from 'node:crypto';
import { externalAccount, move, parseUnits, userAccount } from '@otc/core';
import type { Session } from '@otc/protocol/auth/schemas';
import type { SpotDepth, SpotOrder } from '@otc/protocol/spot/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../src/ledger/post.ts';
import { registerUser } from './accounts.ts';
import { buyWithUsdt, DATABASES, startServer, type TestServer } from './harness.ts';

const BOOKS = [
  ['BTC/USDT', 'live'],
  ['BTC/USDT', 'demo'],
  ['ETH/USDT', 'live'],
  ['ETH/USDT', 'demo'],
] as const;

/**
 * Restart equals original (ENGINEERING.md): a restart rebuilds every spot book from the database,
 * and what it rebuilds must be exactly what was there: every order's status, quantity, fills and
 * frozen funds, every balance, every book's depth, and each open order resting on its book. The
 * books hold several users' orders at several prices on both sides, partial fills among them, and
 * partial fills whose remainder is worth less than the minimum notional (5 USDT), which a restart
 * used to cancel (issue 11, item 5).
 */
describe.each(DATABASES)('spot books after a restart on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  // The feed is off in tests: keep the markets fresh so they count as open.
  const fresh = () => {
    s.market.onTick('BTC/USDT', '60000', '1', Date.now(), 'test');
    s.market.onTick('ETH/USDT', '3500', '1', Date.now(), 'test');
  };

  /** A live user funded by a deposit, as the ledger tests fund them. */
  async function liveUser(): Promise<Session> {
    const u = await registerUser(s);
    await s.db.tx(async (q) => {
      for (const [asset, amount] of [
        ['USDT', '100000'],
        ['BTC', '1'],
        ['ETH', '10'],
      ] as const)
        await post(q, {
          realm: 'live',
          kind: 'test.deposit',
          legs: move(externalAccount('test'), userAccount(u.user.id, 'funding'), asset, parseUnits(amount)),
        });
    });
    return u;
  }

  /** A demo user (100,000 demo USDT) who also holds BTC and ETH. */
  async function demoUser(): Promise<Session> {
    const u = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    await buyWithUsdt(s, u.token, 'BTC', '20000');
    await buyWithUsdt(s, u.token, 'ETH', '10000');
    return u;
  }

  async function order(
    u: Session,
    symbol: string,
    side: 'buy' | 'sell',
    price: string,
    qty: string,
    status: SpotOrder['status'],
  ): Promise<SpotOrder> {
    const res = await s.api<SpotOrder>(
      '/api/spot/order',
      { symbol, side, type: 'limit', price, qty, idempotencyKey: randomUUID() },
      { token: u.token },
    );
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ status });
    return res.body.data;
  }

  /** Four users' orders in one realm, leaving partial fills on both sides of both books. */
  async function trade(users: Session[]): Promise<{ small: SpotOrder[]; owners: Session[] }> {
    const [a, b, c, d] = users as [Session, Session, Session, Session];
    // BTC/USDT: asks at 60,100 (two, time priority) and 60,200; bids at 59,900 (two) and 59,800.
    await order(a, 'BTC/USDT', 'sell', '60100', '0.001', 'open');
    await order(c, 'BTC/USDT', 'sell', '60100', '0.002', 'open');
    await order(d, 'BTC/USDT', 'sell', '60200', '0.001', 'open');
    await order(b, 'BTC/USDT', 'buy', '59900', '0.001', 'open');
    await order(c, 'BTC/USDT', 'buy', '59900', '0.002', 'open');
    await order(d, 'BTC/USDT', 'buy', '59800', '0.0005', 'open');
    // Takers leave c's ask and c's bid partly filled (0.0015 BTC left on each).
    await order(b, 'BTC/USDT', 'buy', '60100', '0.0015', 'filled');
    await order(a, 'BTC/USDT', 'sell', '59900', '0.0015', 'filled');
    // Sell 0.0002 BTC at 60,000; a buyer takes 0.00015: 0.00005 BTC (3 USDT) is left. And the same
    // on the bid side at 59,950.
    const smallAsk = await order(a, 'BTC/USDT', 'sell', '60000', '0.0002', 'open');
    await order(b, 'BTC/USDT', 'buy', '60000', '0.00015', 'filled');
    const smallBid = await order(d, 'BTC/USDT', 'buy', '59950', '0.0002', 'open');
    await order(c, 'BTC/USDT', 'sell', '59950', '0.00015', 'filled');
    // ETH/USDT: a partly filled ask, a resting bid, and a 1.725 USDT remainder on the best ask.
    await order(a, 'ETH/USDT', 'sell', '3500', '0.01', 'open');
    await order(b, 'ETH/USDT', 'buy', '3500', '0.004', 'filled');
    await order(c, 'ETH/USDT', 'buy', '3400', '0.01', 'open');
    const smallEth = await order(d, 'ETH/USDT', 'sell', '3450', '0.002', 'open');
    await order(b, 'ETH/USDT', 'buy', '3450', '0.0015', 'filled');
    return { small: [smallAsk, smallBid, smallEth], owners: [a, d, d] };
  }

  /** Everything a restart must keep: orders, balances, depth, and each open order on its book. */
  async function snapshot(server: TestServer) {
    const orders = await server.db.query<{
      id: string;
      symbol: string;
      realm: 'live' | 'demo';
      status: string;
      qty: string;
      filled: string;
      frozen: string;
    }>(
      `SELECT id::text AS id, symbol, realm, status, qty::text AS qty, filled::text AS filled, frozen::text AS frozen
         FROM spot_orders ORDER BY spot_orders.id`,
    );
    const balances = await server.db.query(
      `SELECT realm, owner_type, owner, kind, asset, available::text AS available, frozen::text AS frozen
         FROM ledger_accounts ORDER BY realm, owner_type, owner, kind, asset`,
    );
    const depth: Record<string, SpotDepth> = {};
    for (const [symbol, realm] of BOOKS)
      depth[`${symbol} ${realm}`] = (
        await server.api<SpotDepth>('/api/spot/depth', { symbol, realm, levels: 50 })
      ).body.data;
    const resting = orders
      .filter((o) => o.status === 'open' || o.status === 'partial')
      .map((o) => [o.id, server.spot.get(o.symbol, o.realm)?.resting(o.id)?.remaining]);
    return { orders, balances, depth, resting };
  }

  it('rebuilds every order, balance and book exactly as it was, small remainders included', async () => {
    fresh();
    const live = await trade(await Promise.all([liveUser(), liveUser(), liveUser(), liveUser()]));
    const demo = await trade(await Promise.all([demoUser(), demoUser(), demoUser(), demoUser()]));
    const before = await snapshot(s);
    // What the test is about is there: small remainders, resting, in both realms.
    const open = new Map(before.orders.map((o) => [o.id, o]));
    for (const o of [...live.small, ...demo.small]) expect(open.get(o.id)?.status).toBe('partial');
    expect(before.resting.every(([, remaining]) => remaining !== undefined)).toBe(true);
    expect(before.depth['BTC/USDT live']?.asks[0]).toEqual(['60000', '0.00005']);

    s = await s.restart();
    expect(await snapshot(s)).toEqual(before);

    // The small remainders are live orders still: their owners can cancel them, and get back
    // exactly what they froze.
    fresh();
    const frozen = async (userId: string, asset: string) =>
      (
        await s.db.query<{ frozen: string }>(
          `SELECT frozen::text AS frozen FROM ledger_accounts
            WHERE owner_type = 'user' AND owner = $1 AND kind = 'funding' AND asset = $2`,
          [userId, asset],
        )
      )[0]?.frozen ?? '0';
    for (const { small, owners } of [live, demo])
      for (const [i, o] of small.entries()) {
        const owner = owners[i] as Session;
        const asset = o.side === 'buy' ? 'USDT' : (o.symbol.split('/')[0] as string);
        const held = parseUnits(open.get(o.id)?.frozen ?? '0');
        expect(held > 0n).toBe(true);
        const was = parseUnits(await frozen(owner.user.id, asset));
        const res = await s.api<SpotOrder>('/api/spot/cancel', { id: o.id }, { token: owner.token });
        expect(res.body.data.status).toBe('cancelled');
        expect(was - parseUnits(await frozen(owner.user.id, asset))).toBe(held);
      }
  });
});
