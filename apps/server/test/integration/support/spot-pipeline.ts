import { randomUUID } from 'node:crypto';
import { externalAccount, move, parseUnits, userAccount } from '@otc/core';
import type { Session } from '@otc/protocol/auth/schemas';
import type { SpotOrder } from '@otc/protocol/spot/schemas';
import { expect } from 'vitest';
import { post } from '../../../src/postings/index.ts';
import { SpotEngines } from '../../../src/spot/engines.ts';
import { registerUser } from './accounts.ts';
import { buyWithUsdt, type TestServer } from './harness.ts';
import type { EngineView, PipelineProduct } from './pipeline-products.ts';

/**
 * Spot as the restart-equals-original test drives it: several users' orders at several prices on
 * both sides of two books in both realms, partial fills, and partial fills whose remainder is worth
 * less than the minimum notional (5 USDT), which a restart used to cancel (issue 11, item 5).
 */
export const spotOnPipeline: PipelineProduct = {
  name: 'spot',
  engines: (s) => {
    const books = new Map<string, EngineView>();
    for (const e of s.spot.all()) books.set(`${e.instrument.symbol} ${e.realm}`, e);
    return books;
  },
  orders: (s) =>
    s.db.query(
      `SELECT id::text AS id, symbol || ' ' || realm AS book, status, qty::text AS qty, filled::text AS filled,
              quote_filled::text AS quote_filled, fee::text AS fee, frozen::text AS frozen
         FROM spot_orders ORDER BY spot_orders.id`,
    ),
  load: async (s) => {
    fresh(s);
    const live = await trade(s, await Promise.all([liveUser(s), liveUser(s), liveUser(s), liveUser(s)]));
    const demo = await trade(s, await Promise.all([demoUser(s), demoUser(s), demoUser(s), demoUser(s)]));
    const stored = new Map(
      (await spotOnPipeline.orders(s)).map((o) => [o.id, o as typeof o & { frozen: string }]),
    );
    for (const o of [...live.small, ...demo.small]) expect(stored.get(o.id)?.status).toBe('partial');
    expect(spotOnPipeline.engines(s).get('BTC/USDT live')?.depth(1)).toMatchObject({
      asks: [['60000', '0.00005']],
    });

    // After the restart the small remainders are live orders still: their owners can cancel them,
    // and get back exactly what they froze.
    return async (restarted) => {
      fresh(restarted);
      const frozen = async (userId: string, asset: string) =>
        (
          await restarted.db.query<{ frozen: string }>(
            `SELECT frozen::text AS frozen FROM ledger_accounts
              WHERE owner_type = 'user' AND owner = $1 AND kind = 'funding' AND asset = $2`,
            [userId, asset],
          )
        )[0]?.frozen ?? '0';
      for (const { small, owners } of [live, demo])
        for (const [i, o] of small.entries()) {
          const owner = owners[i] as Session;
          const asset = o.side === 'buy' ? 'USDT' : (o.symbol.split('/')[0] as string);
          const held = parseUnits(stored.get(o.id)?.frozen ?? '0');
          expect(held > 0n).toBe(true);
          const was = parseUnits(await frozen(owner.user.id, asset));
          const res = await restarted.api<SpotOrder>(
            '/api/spot/cancel',
            { id: o.id },
            { token: owner.token },
          );
          expect(res.body.data.status).toBe('cancelled');
          expect(was - parseUnits(await frozen(owner.user.id, asset))).toBe(held);
        }
    };
  },
};

/** The feed is off in tests: keep the markets fresh so they count as open. */
function fresh(s: TestServer): void {
  s.market.onTick('BTC/USDT', '60000', '1', Date.now(), 'test');
  s.market.onTick('ETH/USDT', '3500', '1', Date.now(), 'test');
}

/** A live user funded by a deposit, as the ledger tests fund them. */
async function liveUser(s: TestServer): Promise<Session> {
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
async function demoUser(s: TestServer): Promise<Session> {
  const u = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
  await buyWithUsdt(s, u.token, 'BTC', '20000');
  await buyWithUsdt(s, u.token, 'ETH', '10000');
  return u;
}

async function order(
  s: TestServer,
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
async function trade(s: TestServer, users: Session[]): Promise<{ small: SpotOrder[]; owners: Session[] }> {
  const [a, b, c, d] = users as [Session, Session, Session, Session];
  const place = (
    u: Session,
    symbol: string,
    side: 'buy' | 'sell',
    price: string,
    qty: string,
    status: SpotOrder['status'],
  ) => order(s, u, symbol, side, price, qty, status);
  // BTC/USDT: asks at 60,100 (two, time priority) and 60,200; bids at 59,900 (two) and 59,800.
  await place(a, 'BTC/USDT', 'sell', '60100', '0.001', 'open');
  await place(c, 'BTC/USDT', 'sell', '60100', '0.002', 'open');
  await place(d, 'BTC/USDT', 'sell', '60200', '0.001', 'open');
  await place(b, 'BTC/USDT', 'buy', '59900', '0.001', 'open');
  await place(c, 'BTC/USDT', 'buy', '59900', '0.002', 'open');
  await place(d, 'BTC/USDT', 'buy', '59800', '0.0005', 'open');
  // Takers leave c's ask and c's bid partly filled (0.0015 BTC left on each).
  await place(b, 'BTC/USDT', 'buy', '60100', '0.0015', 'filled');
  await place(a, 'BTC/USDT', 'sell', '59900', '0.0015', 'filled');
  // Sell 0.0002 BTC at 60,000; a buyer takes 0.00015: 0.00005 BTC (3 USDT) is left. And the same
  // on the bid side at 59,950.
  const smallAsk = await place(a, 'BTC/USDT', 'sell', '60000', '0.0002', 'open');
  await place(b, 'BTC/USDT', 'buy', '60000', '0.00015', 'filled');
  const smallBid = await place(d, 'BTC/USDT', 'buy', '59950', '0.0002', 'open');
  await place(c, 'BTC/USDT', 'sell', '59950', '0.00015', 'filled');
  // ETH/USDT: a partly filled ask, a resting bid, and a 1.725 USDT remainder on the best ask.
  await place(a, 'ETH/USDT', 'sell', '3500', '0.01', 'open');
  await place(b, 'ETH/USDT', 'buy', '3500', '0.004', 'filled');
  await place(c, 'ETH/USDT', 'buy', '3400', '0.01', 'open');
  const smallEth = await place(d, 'ETH/USDT', 'sell', '3450', '0.002', 'open');
  await place(b, 'ETH/USDT', 'buy', '3450', '0.0015', 'filled');
  return { small: [smallAsk, smallBid, smallEth], owners: [a, d, d] };
}

/**
 * A second set of spot engines over the server's books and database (a restart's, or a stale
 * owner's beside the running one), with the server's fence and a log that says nothing.
 */
export const secondSpotEngines = (s: TestServer): SpotEngines =>
  new SpotEngines(s.market, s.db, s.bus, { error: () => undefined } as never, s.vip, s.clock, s.spot.fence);
