import { randomUUID } from 'node:crypto';
import type { ClosedPosition, Position, PositionOrder } from '@otc/protocol/positions/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { perpOrder, tick, trader } from './helpers.ts';

/** Wednesday 25 November 2026, 15:00 UTC: the forex session is open. */
const IN_SESSION = Date.UTC(2026, 10, 25, 15, 0);

/**
 * Issue 24: the history shows what was closed (size, average exit, fees, funding, realised PnL) and
 * each partial close as its own row. Every figure is computed by hand: BTC-PERP trades at a 0.02%
 * spread and a 0.05% taker fee, forex at 0.01% and 0.01%.
 */
describe.each(DATABASES)('the positions history on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
    manualClock(s).set(IN_SESSION);
  });
  afterAll(() => s.close());

  const close = (token: string, path: string, id: string, lots?: string) =>
    s.api<PositionOrder>(path, { id, ...(lots ? { lots } : {}), idempotencyKey: randomUUID() }, { token });
  const history = async (token: string, path = '/api/contract/history') =>
    (await s.api<{ items: ClosedPosition[]; total: number }>(path, {}, { token })).body.data;
  const positions = async (token: string) =>
    (await s.api<{ items: Position[] }>('/api/contract/positions', {}, { token })).body.data.items;

  it('lists a BTC-PERP long closed in two parts: each close, the closed size and the average exit', async () => {
    tick(s, '60000');
    const u = await trader(s);
    const opened = await perpOrder(s, u.token, { lots: '0.1', leverage: 10 });
    // Bought at 60000 x 1.0002 = 60012: margin 600.12, fee 6001.2 x 0.0005 = 3.0006.
    expect(opened.body.data).toMatchObject({ status: 'filled', fillPrice: '60012' });
    const id = opened.body.data.positionId as string;
    expect(await history(u.token)).toEqual({ items: [], total: 0 });

    tick(s, '61000');
    const first = await close(u.token, '/api/contract/close', id, '0.04');
    // Sold at 61000 x 0.9998 = 60987.8: PnL (60987.8 - 60012) x 0.04 = 39.032, fee 2439.512 x 0.0005 = 1.219756.
    expect(first.body.data).toMatchObject({ status: 'filled', fillPrice: '60987.8' });
    // Still open with 0.06 lots, and in the history already with its partial close.
    const partly = await history(u.token);
    expect(partly.total).toBe(1);
    expect(partly.items[0]).toMatchObject({
      id,
      status: 'open',
      lots: '0.06',
      closedLots: '0.04',
      exitPrice: '60987.8',
      realisedPnl: '39.032',
      closes: [{ lots: '0.04', price: '60987.8', fee: '1.219756', realisedPnl: '39.032', reason: 'user' }],
    });

    tick(s, '62000');
    await close(u.token, '/api/contract/close', id);
    // Sold at 62000 x 0.9998 = 61987.6: PnL (61987.6 - 60012) x 0.06 = 118.536, fee 3719.256 x 0.0005 = 1.859628.
    expect(await positions(u.token)).toEqual([]);
    const [row] = (await history(u.token)).items;
    expect(row).toMatchObject({
      id,
      status: 'closed',
      lots: '0',
      closedLots: '0.1',
      // (0.04 x 60987.8 + 0.06 x 61987.6) / 0.1 = (2439.512 + 3719.256) / 0.1.
      exitPrice: '61587.68',
      entryPrice: '60012',
      realisedPnl: '157.568',
      // Open 3.0006 + closes 1.219756 + 1.859628.
      fees: '6.079984',
      funding: '0',
      closeReason: 'user',
    });
    expect(row?.closes.map((c) => [c.lots, c.price, c.fee, c.realisedPnl])).toEqual([
      ['0.04', '60987.8', '1.219756', '39.032'],
      ['0.06', '61987.6', '1.859628', '118.536'],
    ]);
  });

  it('records the trigger a take-profit filled past (the next price after it)', async () => {
    tick(s, '60000');
    const u = await trader(s);
    const opened = await perpOrder(s, u.token, { lots: '0.1', leverage: 10, tp: '61000' });
    const id = opened.body.data.positionId as string;
    tick(s, '61000');
    await expect
      .poll(async () => (await history(u.token)).items[0]?.status, { timeout: 10_000 })
      .toBe('closed');
    const [row] = (await history(u.token)).items;
    expect(row).toMatchObject({ id, closeReason: 'tp', exitPrice: '60987.8' });
    // The TP at 61000 fired on the mark; the close sold at 61000 x 0.9998 = 60987.8.
    expect(row?.closes).toMatchObject([
      { reason: 'tp', triggerPrice: '61000', price: '60987.8', lots: '0.1' },
    ]);
  });

  it('lists a USD/JPY CFD closed in two parts with every figure in USDT', async () => {
    tick(s, '150', 'USD/JPY');
    const u = await trader(s);
    const opened = await s.api<PositionOrder>(
      '/api/stock/order',
      {
        symbol: 'USD/JPY',
        side: 'long',
        type: 'market',
        lots: '1000',
        leverage: 50,
        idempotencyKey: randomUUID(),
      },
      { token: u.token },
    );
    // 150 x 1.0001 = 150.015: 1000 USD of notional = 1000 USDT, margin 20, fee 0.1.
    expect(opened.body.data).toMatchObject({ status: 'filled', fillPrice: '150.015' });
    const id = opened.body.data.positionId as string;

    tick(s, '151.5', 'USD/JPY');
    await close(u.token, '/api/stock/dealorder', id, '400');
    // 151.5 x 0.9999 = 151.48485, down to the tick: 151.484. PnL (151.484 - 150.015) x 400 = 587.6 JPY
    // / 151.484 = 3.878957513... down: 3.87895751. Fee 151.484 x 400 x 0.0001 JPY / 151.484 = 0.04 USDT.
    tick(s, '149', 'USD/JPY');
    await close(u.token, '/api/stock/dealorder', id);
    // 149 x 0.9999 = 148.9851, down: 148.985. PnL (148.985 - 150.015) x 600 = -618 JPY / 148.985
    // = -4.148068597... down (a loss up): -4.1480686. Fee 600 x 0.0001 = 0.06 USDT.
    const [row] = (await history(u.token, '/api/stock/dealorderlist')).items;
    expect(row).toMatchObject({
      id,
      symbol: 'USD/JPY',
      status: 'closed',
      closedLots: '1000',
      // (400 x 151.484 + 600 x 148.985) / 1000 = (60593.6 + 89391) / 1000.
      exitPrice: '149.9846',
      // 3.87895751 - 4.1480686.
      realisedPnl: '-0.26911109',
      fees: '0.2',
    });
    expect(row?.closes.map((c) => [c.lots, c.price, c.fee, c.realisedPnl])).toEqual([
      ['400', '151.484', '0.04', '3.87895751'],
      ['600', '148.985', '0.06', '-4.1480686'],
    ]);
  });
});
