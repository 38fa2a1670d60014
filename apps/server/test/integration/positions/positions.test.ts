import { randomUUID } from 'node:crypto';
import { parseUnits } from '@otc/core';
import type { Position, PositionDetail, PositionOrder } from '@otc/protocol/positions/schemas';
import type { UserEvent } from '@otc/protocol/socket/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { contract, tick, trader } from './helpers.ts';

describe.each(DATABASES)('leveraged positions on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    tick(s, '60000');
  });
  afterAll(() => s.close());

  const order = (token: string, body: Record<string, unknown>, path = '/api/contract/order') =>
    s.api<PositionOrder>(path, { symbol: 'BTC-PERP', idempotencyKey: randomUUID(), ...body }, { token });
  const positions = async (token: string) =>
    (await s.api<{ items: Position[] }>('/api/contract/positions', {}, { token })).body.data.items;

  it('shows a perpetual’s rules, mark, funding rate and next funding time', async () => {
    const d = await s.api<PositionDetail>('/api/contract/detail', { symbol: 'BTC-PERP' });
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({
      markPrice: '60000',
      rules: {
        product: 'perp',
        maxLeverage: 100,
        spread: '0.0002',
        minLots: '0.00001',
        liquidationFeeCap: '50',
      },
      fundingRate: '0.0001',
      session: { status: 'open', reason: null },
    });
    expect(d.body.data.nextFundingAt).toBe((Math.floor(s.clock.now() / 28_800_000) + 1) * 28_800_000);
    expect(d.body.data.rules.brackets[0]).toEqual({ notionalUpTo: '50000', rate: '0.004' });
  });

  it('shows a demo user the funding rate its own realm will charge, and a visitor the live one', async () => {
    tick(s, '60000');
    const u = await trader(s, '50000');
    const opened = await order(u.token, { side: 'long', type: 'market', lots: '2', leverage: 10 });
    expect(opened.body.data.status).toBe('filled');
    const rateFor = async (token?: string) =>
      (await s.api<PositionDetail>('/api/contract/detail', { symbol: 'BTC-PERP' }, token ? { token } : {}))
        .body.data.fundingRate;
    // The live realm holds no positions: its rate is the base interest. Demo longs pay more.
    expect(await rateFor()).toBe('0.0001');
    expect(await rateFor('not-a-session')).toBe('0.0001');
    const demo = await rateFor(u.token);
    expect(parseUnits(demo ?? '0') > parseUnits('0.0001')).toBe(true);
    await s.api('/api/contract/closeall', { idempotencyKey: randomUUID() }, { token: u.token });
  });

  it('opens a 10x long at the mark plus the spread, freezing exactly the prepaid amount, and closes it', async () => {
    tick(s, '60000');
    const u = await trader(s);
    const opened = await order(u.token, { side: 'long', type: 'market', lots: '0.1', leverage: 10 });
    expect(opened.body.data).toMatchObject({
      status: 'filled',
      fillPrice: '60012',
      action: 'open',
      frozen: '0',
    });
    // notional 6001.2: margin 600.12, fee 0.05% = 3.0006.
    expect(await contract(s, u.token)).toEqual({ available: '9396.8794', frozen: '600.12' });
    const [p] = await positions(u.token);
    expect(p).toMatchObject({
      side: 'long',
      lots: '0.1',
      entryPrice: '60012',
      margin: '600.12',
      fees: '3.0006',
      markPrice: '60000',
      unrealisedPnl: '-1.2',
      status: 'open',
    });
    tick(s, '61000');
    const closed = await s.api<PositionOrder>(
      '/api/contract/close',
      { id: p?.id, idempotencyKey: randomUUID() },
      { token: u.token },
    );
    // Sold at 61000 x 0.9998 = 60987.8: PnL 97.58, fee 3.04939, paid out 600.12 + 97.58 - 3.04939.
    expect(closed.body.data).toMatchObject({ status: 'filled', action: 'close', fillPrice: '60987.8' });
    expect(await contract(s, u.token)).toEqual({ available: '10091.53001', frozen: '0' });
    expect(await positions(u.token)).toEqual([]);
    const history = await s.api<{ items: Position[] }>('/api/contract/history', {}, { token: u.token });
    expect(history.body.data.items[0]).toMatchObject({
      status: 'closed',
      closeReason: 'user',
      realisedPnl: '97.58',
      closePrice: '60987.8',
      fees: '6.04999',
    });
  });

  it('has the ledger check vouch that frozen contract funds are exactly the margins and reserves', async () => {
    tick(s, '60000');
    const u = await trader(s);
    await order(u.token, { side: 'long', type: 'market', lots: '0.01', leverage: 10 });
    const entry = await order(u.token, {
      side: 'short',
      type: 'limit',
      lots: '0.01',
      leverage: 10,
      price: '70000',
    });
    expect(await s.ctx.checkLedger(s.db)).toEqual([]);
    const [p] = await positions(u.token);
    await s.db.query('UPDATE positions SET margin = margin + 1 WHERE id = $1', [p?.id]);
    try {
      expect(await s.ctx.checkLedger(s.db)).toEqual([
        expect.stringMatching(new RegExp(`contract USDT of user ${u.user.id} \\(demo\\)`)),
      ]);
    } finally {
      await s.db.query('UPDATE positions SET margin = margin - 1 WHERE id = $1', [p?.id]);
    }
    await s.api('/api/contract/cancelorder', { id: entry.body.data.id }, { token: u.token });
    await s.api('/api/contract/closeall', { idempotencyKey: randomUUID() }, { token: u.token });
    expect(await s.ctx.checkLedger(s.db)).toEqual([]);
  });

  it('tells the owner of each position and order change on the private channel, after the commit', async () => {
    tick(s, '60000');
    const u = await trader(s);
    const heard: UserEvent[] = [];
    const stop = s.bus.subscribe((m) => {
      if (m.channel === `user:${u.user.id}`) heard.push(m.data as UserEvent);
    });
    const changes: string[] = [];
    const unlisten = s.positions.onPositionChange((c) => {
      if (c.position.user_id === u.user.id) changes.push(c.change);
    });
    try {
      const opened = await order(u.token, { side: 'short', type: 'market', lots: '0.01', leverage: 10 });
      const [p] = await positions(u.token);
      await s.api('/api/contract/tpsl', { id: p?.id, tp: '50000', sl: null }, { token: u.token });
      const key = randomUUID();
      const all = await s.api<{ items: PositionOrder[] }>(
        '/api/contract/closeall',
        { idempotencyKey: key },
        { token: u.token },
      );
      // A repeat of the close-all answers the same closes.
      const again = await s.api<{ items: PositionOrder[] }>(
        '/api/contract/closeall',
        { idempotencyKey: key },
        { token: u.token },
      );
      expect(again.body.data.items.map((o) => o.id)).toEqual(all.body.data.items.map((o) => o.id));
      const kinds = heard.map((e) =>
        e.kind === 'position'
          ? `position ${e.position.status}`
          : e.kind === 'positionOrder'
            ? `order ${e.order.action} ${e.order.status}`
            : e.kind,
      );
      expect(kinds).toEqual(
        expect.arrayContaining([
          'order open filled',
          'position open',
          'position closed',
          'order close filled',
          'balance',
        ]),
      );
      const first = heard.find((e) => e.kind === 'positionOrder');
      expect(first?.kind === 'positionOrder' && first.order.id).toBe(opened.body.data.id);
      expect(changes).toEqual(['open', 'changed', 'closed']);
    } finally {
      stop();
      unlisten();
    }
  });
});
