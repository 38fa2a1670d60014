import { randomUUID } from 'node:crypto';
import { freeze, move, parseUnits, userAccount } from '@otc/core';
import type { Notice } from '@otc/protocol/notifications/schemas';
import type { Position, PositionDetail, PositionOrder } from '@otc/protocol/positions/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../../src/postings/index.ts';
import { DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { contract, tick, trader } from './helpers.ts';

/** Wednesday 25 November 2026, 15:00 UTC: the forex session is open. */
const IN_SESSION = Date.UTC(2026, 10, 25, 15, 0);

/**
 * Issue 23: CFDs quoted in a currency other than USD are valued in USDT, converted at the rate of
 * the moment (USD/JPY at its own price, a cross through its quote's USD leg). Every figure below is
 * computed by hand; forex trades at a 0.01% spread and a 0.01% taker fee.
 */
describe.each(DATABASES)('positions quoted in another currency on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
    manualClock(s).set(IN_SESSION);
  });
  afterAll(() => s.close());

  const order = (token: string, body: Record<string, unknown>) =>
    s.api<PositionOrder>(
      '/api/stock/order',
      { side: 'long', type: 'market', idempotencyKey: randomUUID(), ...body },
      { token },
    );
  const close = (token: string, id: string) =>
    s.api<PositionOrder>('/api/stock/dealorder', { id, idempotencyKey: randomUUID() }, { token });
  const positions = async (token: string) =>
    (await s.api<{ items: Position[] }>('/api/contract/positions', {}, { token })).body.data.items;

  it('values 1,000 USD of USD/JPY at 50x as 1,000 USDT: margin 20, fee 0.1; closes its PnL in USDT', async () => {
    tick(s, '150', 'USD/JPY');
    const u = await trader(s);
    const opened = await order(u.token, { symbol: 'USD/JPY', lots: '1000', leverage: 50 });
    // 150 x 1.0001 = 150.015 (on the tick). Notional 1000 x 150.015 JPY = 1000 USDT at 1 / 150.015.
    expect(opened.body.data).toMatchObject({ status: 'filled', fillPrice: '150.015', frozen: '0' });
    expect(await contract(s, u.token)).toEqual({ available: '9979.9', frozen: '20' });
    const [p] = await positions(u.token);
    expect(p).toMatchObject({
      symbol: 'USD/JPY',
      margin: '20',
      fees: '0.1',
      markPrice: '150',
      // (150 - 150.015) x 1000 = -15 JPY at 1 / 150 = -0.1 USDT.
      unrealisedPnl: '-0.1',
      // 150.015 x 1000 / (20 + 1000 x (1 - 0.005)) = 147.79802955665024630541..., rounded up.
      liquidationPrice: '147.798029556650246306',
    });

    tick(s, '151.5', 'USD/JPY');
    const closed = await close(u.token, p?.id as string);
    // 151.5 x 0.9999 = 151.48485, down to the tick: 151.484. PnL 1469 JPY / 151.484 = 9.697393784...
    // (down); fee 151.484 x 1000 x 0.0001 JPY = 0.1 USDT; payout 20 + 9.69739378 - 0.1.
    expect(closed.body.data).toMatchObject({ status: 'filled', fillPrice: '151.484' });
    expect(await contract(s, u.token)).toEqual({ available: '10009.49739378', frozen: '0' });
    const history = await s.api<{ items: Position[] }>('/api/stock/dealorderlist', {}, { token: u.token });
    expect(history.body.data.items[0]).toMatchObject({ realisedPnl: '9.69739378', fees: '0.2' });
  });

  it('values EUR/JPY through USD/JPY at 100x, and closes at the USD/JPY rate of the close', async () => {
    tick(s, '150', 'USD/JPY');
    tick(s, '165', 'EUR/JPY');
    const u = await trader(s);
    const opened = await order(u.token, { symbol: 'EUR/JPY', lots: '1000', leverage: 100 });
    // 165 x 1.0001 = 165.0165, up to the tick: 165.017. Notional 165017 JPY / 150 = 1100.11333... USDT:
    // margin 11.00113334 (up), fee 0.11001134 (up).
    expect(opened.body.data).toMatchObject({ status: 'filled', fillPrice: '165.017', frozen: '0' });
    expect(await contract(s, u.token)).toEqual({ available: '9988.88885532', frozen: '11.00113334' });

    // The leg moves too: the position is valued at USD/JPY 160 now.
    tick(s, '160', 'USD/JPY');
    tick(s, '170', 'EUR/JPY');
    const [p] = await positions(u.token);
    // (170 - 165.017) x 1000 = 4983 JPY / 160 = 31.14375 USDT.
    expect(p).toMatchObject({ symbol: 'EUR/JPY', markPrice: '170', unrealisedPnl: '31.14375' });
    const closed = await close(u.token, p?.id as string);
    // 170 x 0.9999 = 169.983. PnL 4966 JPY / 160 = 31.0375; fee 16.9983 JPY / 160 = 0.106239375 -> 0.10623938.
    expect(closed.body.data).toMatchObject({ status: 'filled', fillPrice: '169.983' });
    // 9988.88885532 + 11.00113334 + 31.0375 - 0.10623938.
    expect(await contract(s, u.token)).toEqual({ available: '10030.82124928', frozen: '0' });
  });

  it('values EUR/GBP through GBP/USD (direct): 1,000 EUR at 0.80008 x 1.25 is 1,000.1 USDT', async () => {
    tick(s, '1.25', 'GBP/USD');
    tick(s, '0.8', 'EUR/GBP');
    const u = await trader(s);
    const opened = await order(u.token, { symbol: 'EUR/GBP', lots: '1000', leverage: 10 });
    // 0.8 x 1.0001 = 0.80008; 800.08 GBP x 1.25 = 1000.1 USDT: margin 100.01, fee 0.10001.
    expect(opened.body.data).toMatchObject({ status: 'filled', fillPrice: '0.80008', frozen: '0' });
    expect(await contract(s, u.token)).toEqual({ available: '9899.88999', frozen: '100.01' });
  });

  it('gives the detail the quote rate the web values with: own for USD/JPY, 1 / USD/JPY for EUR/JPY', async () => {
    tick(s, '150', 'USD/JPY');
    const detail = async (symbol: string) =>
      (await s.api<PositionDetail>('/api/stock/detail', { symbol })).body.data.quoteRate;
    expect(await detail('USD/JPY')).toEqual({ kind: 'own', num: '1', den: '1' });
    expect(await detail('EUR/JPY')).toEqual({ kind: 'rate', num: '1', den: '150' });
    expect(await detail('XAU/USD')).toEqual({ kind: 'par', num: '1', den: '1' });
  });

  it('settles a position opened under the old valuation at its entry: margin and fees back, owner told', async () => {
    tick(s, '150', 'USD/JPY');
    const u = await trader(s);
    await order(u.token, { symbol: 'USD/JPY', lots: '1000', leverage: 50 });
    const [p] = await positions(u.token);
    // As the old valuation left it: margin 150015 / 50 = 3000.3 frozen, fee 15.0015 charged.
    const user = userAccount(
      (await s.db.query<{ u: string }>('SELECT user_id::text AS u FROM positions WHERE id = $1', [p?.id]))[0]
        ?.u as string,
      'contract',
    );
    await post(s.db, {
      realm: 'demo',
      kind: 'test.old-margin',
      legs: freeze(user, 'USDT', parseUnits('2980.3')),
    });
    await post(s.db, {
      realm: 'demo',
      kind: 'test.old-fee',
      legs: move(user, 'platform:main:fees', 'USDT', parseUnits('14.9015')),
    });
    await s.db.query(`UPDATE positions SET margin = 3000.3, fees = 15.0015, misvalued = true WHERE id = $1`, [
      p?.id,
    ]);
    expect(await contract(s, u.token)).toEqual({ available: '6984.6985', frozen: '3000.3' });

    // The engines' owner settles it before it loads its books (as at the first start of this version).
    await s.positions.engines.recover();
    expect(await positions(u.token)).toEqual([]);
    expect(await contract(s, u.token)).toEqual({ available: '10000', frozen: '0' });
    const history = await s.api<{ items: Position[] }>('/api/stock/dealorderlist', {}, { token: u.token });
    expect(history.body.data.items[0]).toMatchObject({
      id: p?.id,
      status: 'closed',
      closeReason: 'revalued',
      closePrice: '150.015',
      realisedPnl: '0',
      fees: '0',
    });
    const inbox = await s.api<{ items: Notice[] }>('/api/common/noticelist', {}, { token: u.token });
    expect(inbox.body.data.items[0]).toMatchObject({ kind: 'position.revalued' });
    // 3,000 margin + 15.3015 fees returned, shown by USDT's two display places (cut, never up).
    expect(inbox.body.data.items[0]?.body).toContain('3,015.30 USDT');
    // Once: a second start finds nothing left to settle.
    await s.positions.engines.recover();
    expect(await contract(s, u.token)).toEqual({ available: '10000', frozen: '0' });
  });
});
