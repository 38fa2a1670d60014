import { randomUUID } from 'node:crypto';
import { formatUnits, move, parseUnits } from '@otc/core';
import type { CloseAllResult, Position, PositionOrder } from '@otc/protocol/positions/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../../src/postings/index.ts';
import { DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { contract, tick, trader } from './helpers.ts';

/** Wednesday 25 November 2026, 15:00 UTC: 10:00 in New York, the US stock session is open. */
const IN_SESSION = Date.UTC(2026, 10, 25, 15, 0);
/** Saturday 28 November 2026: every session but crypto's is closed. */
const SATURDAY = Date.UTC(2026, 10, 28, 15, 0);

describe.each(DATABASES)('position orders on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
    manualClock(s).set(IN_SESSION);
    tick(s, '60000');
    tick(s, '200', 'AAPL');
  });
  afterAll(() => s.close());

  const order = (token: string, body: Record<string, unknown>, path = '/api/contract/order') =>
    s.api<PositionOrder>(path, { symbol: 'BTC-PERP', idempotencyKey: randomUUID(), ...body }, { token });
  const positions = async (token: string) =>
    (await s.api<{ items: Position[] }>('/api/contract/positions', {}, { token })).body.data.items;
  const call = <T = PositionOrder>(path: string, token: string, body: Record<string, unknown>) =>
    s.api<T>(path, { idempotencyKey: randomUUID(), ...body }, { token });
  const fresh = () => {
    tick(s, '60000');
    tick(s, '200', 'AAPL');
  };

  it('refuses every bad order with a translated message and freezes nothing', async () => {
    fresh();
    const u = await trader(s, '1000');
    const before = await contract(s, u.token);
    const market = { side: 'long', type: 'market' };
    const eth = s.market.instruments.get('ETH-PERP') as { adminHalted: boolean };
    eth.adminHalted = true;
    const refusals: [Record<string, unknown>, string, string?][] = [
      [{ ...market, lots: '0.01', leverage: 0 }, 'leverage_out_of_range'],
      [{ ...market, lots: '0.01', leverage: 101 }, 'leverage_out_of_range'],
      [{ ...market, lots: '0.000015', leverage: 10 }, 'lots_off_step'],
      [{ ...market, lots: '0.000001', leverage: 10 }, 'lots_below_minimum'],
      // 1 BTC at 10x needs 6,000 USDT of margin; the account holds 1,000.
      [{ ...market, lots: '1', leverage: 10 }, 'insufficient_balance'],
      [{ ...market, lots: '0.01', leverage: 10, tp: '59000' }, 'tp_invalid'],
      [{ ...market, lots: '0.01', leverage: 10, sl: '60500' }, 'sl_invalid'],
      [{ side: 'short', type: 'market', lots: '0.01', leverage: 10, tp: '61000' }, 'tp_invalid'],
      [{ side: 'long', type: 'limit', lots: '0.01', leverage: 10 }, 'price_required'],
      [{ side: 'long', type: 'limit', lots: '0.01', leverage: 10, price: '59000.001' }, 'price_off_tick'],
      // An operator halted ETH's perpetual.
      [{ ...market, symbol: 'ETH-PERP', lots: '0.01', leverage: 10 }, 'market_halted'],
      // A CFD is not a perpetual, and a stock CFD's leverage is capped at 5.
      [{ ...market, symbol: 'AAPL', lots: '1', leverage: 2 }, 'not_position_market'],
    ];
    for (const [body, error] of refusals) {
      const r = await order(u.token, body);
      expect(r.status, `${JSON.stringify(body)} -> ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body.data.error).toBe(error);
      expect(r.body.msg.length).toBeGreaterThan(5);
    }
    const stock = await order(
      u.token,
      { symbol: 'AAPL', ...market, lots: '1', leverage: 6 },
      '/api/stock/order',
    );
    expect(stock.body.data.error).toBe('leverage_out_of_range');
    expect(stock.body.msg).toContain('5');
    const french = await s.api(
      '/api/contract/order',
      { symbol: 'BTC-PERP', ...market, lots: '0.01', leverage: 200, idempotencyKey: randomUUID() },
      { token: u.token, lang: 'fr' },
    );
    expect(french.body.msg).toContain('effet de levier');
    eth.adminHalted = false;
    expect(await contract(s, u.token)).toEqual(before);
    expect(await positions(u.token)).toEqual([]);
  });

  it('buys a stock CFD in its session with the prepaid amount frozen, refuses it outside', async () => {
    fresh();
    const u = await trader(s, '1000');
    const r = await order(
      u.token,
      { symbol: 'AAPL', side: 'long', type: 'market', lots: '10', leverage: 5 },
      '/api/stock/order',
    );
    // 200 x 1.0005 = 200.1; notional 2001: margin 400.2, fee 1.0005, stamp duty 2.001 = 403.2015.
    expect(r.body.data).toMatchObject({ status: 'filled', fillPrice: '200.1', product: 'cfd' });
    expect(await contract(s, u.token)).toEqual({ available: '596.7985', frozen: '400.2' });
    const [p] = await positions(u.token);
    expect(p).toMatchObject({
      symbol: 'AAPL',
      product: 'cfd',
      stampDuty: '2.001',
      fees: '1.0005',
      leverage: 5,
    });
    const detail = await s.api<{ order: PositionOrder; position: Position }>(
      '/api/stock/orderdetail',
      { id: r.body.data.id },
      { token: u.token },
    );
    expect(detail.body.data.position).toMatchObject({ id: p?.id, symbol: 'AAPL' });
    const page = await s.api<{ items: { symbol: string; status: string; maxLeverage: number }[] }>(
      '/api/stock/pagedata',
      { class: 'stock' },
    );
    expect(page.body.data.items.find((i) => i.symbol === 'AAPL')).toMatchObject({
      status: 'open',
      maxLeverage: 5,
    });
    const news = await s.api<{ items: unknown[] }>('/api/stock/news', { symbol: 'AAPL' });
    expect(news.body.data.items).toEqual([]);

    manualClock(s).set(SATURDAY);
    tick(s, '200', 'AAPL');
    const closedNow = await order(
      u.token,
      { symbol: 'AAPL', side: 'long', type: 'market', lots: '1', leverage: 5 },
      '/api/stock/order',
    );
    expect(closedNow.body.data.error).toBe('market_closed');
    const dealt = await call('/api/stock/dealorder', u.token, { id: p?.id });
    expect(dealt.body.data.error).toBe('market_closed');
    manualClock(s).set(IN_SESSION + 60_000);
    fresh();
    const closed = await call('/api/stock/dealorder', u.token, { id: p?.id });
    expect(closed.body.data).toMatchObject({ status: 'filled', action: 'close' });
    const deals = await s.api<{ items: Position[] }>('/api/stock/dealorderlist', {}, { token: u.token });
    expect(deals.body.data.items[0]).toMatchObject({ id: p?.id, status: 'closed', closeReason: 'user' });
    expect((await contract(s, u.token)).frozen).toBe('0');
  });

  it('rests a limit entry with its prepaid amount frozen and fills it when the mark reaches it', async () => {
    fresh();
    const u = await trader(s, '2000');
    const entry = await order(u.token, {
      side: 'long',
      type: 'limit',
      lots: '0.01',
      leverage: 20,
      price: '59000',
    });
    // notional 590: margin 29.5, fee 0.295.
    expect(entry.body.data).toMatchObject({ status: 'open', frozen: '29.795' });
    expect(await contract(s, u.token)).toEqual({ available: '1970.205', frozen: '29.795' });
    const other = await order(u.token, {
      side: 'long',
      type: 'limit',
      lots: '0.01',
      leverage: 20,
      price: '58000',
    });
    const open = await s.api<{ items: PositionOrder[] }>(
      '/api/contract/orderlist',
      { status: 'open' },
      { token: u.token },
    );
    expect(open.body.data.items.map((o) => o.id)).toEqual([other.body.data.id, entry.body.data.id]);
    const cancelled = await s.api<PositionOrder>(
      '/api/contract/cancelorder',
      { id: other.body.data.id },
      { token: u.token },
    );
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
    expect(await contract(s, u.token)).toEqual({ available: '1970.205', frozen: '29.795' });

    // The dealer's price at 59,011 is 59,011 x 1.0002 = 59,022.81: not yet; at 58,990 it is 59,001.8... not yet either.
    tick(s, '58990');
    expect(await positions(u.token)).toEqual([]);
    // At 58,980 the dealer's ask is 58,991.8, better than the limit: it fills there (a limit is this
    // price or better), margin 29.4959 and fee 0.294959, and what the limit reserved beyond that comes back.
    tick(s, '58980');
    await until(async () => (await positions(u.token)).length === 1);
    const [p] = await positions(u.token);
    expect(p).toMatchObject({ entryPrice: '58991.8', lots: '0.01', margin: '29.4959', leverage: 20 });
    expect(await contract(s, u.token)).toEqual({ available: '1970.209141', frozen: '29.4959' });
    const history = await s.api<{ items: PositionOrder[] }>(
      '/api/contract/orderlist',
      { status: 'history' },
      { token: u.token },
    );
    expect(history.body.data.items.map((o) => o.status).sort()).toEqual(['cancelled', 'filled']);
    await call('/api/contract/closeall', u.token, {});
  });

  it('fills a limit entry beyond the market at the dealer price, not at the limit, and releases the difference', async () => {
    // Issue 23: a long limit 2% above the market filled at its limit, 2% worse than mark plus spread.
    fresh();
    const u = await trader(s, '1000');
    const long = await order(u.token, {
      side: 'long',
      type: 'limit',
      lots: '0.01',
      leverage: 10,
      price: '61200',
    });
    expect(long.body.code, JSON.stringify(long.body)).toBe(200);
    await until(async () => (await positions(u.token)).length === 1);
    // The dealer's ask at 60,000 is 60,012: margin 60.012, fee 0.30006 (the reserve at 61,200 was 61.506).
    expect((await positions(u.token))[0]).toMatchObject({
      side: 'long',
      entryPrice: '60012',
      margin: '60.012',
    });
    expect(await contract(s, u.token)).toEqual({ available: '939.68794', frozen: '60.012' });
    const [filled] = (
      await s.api<{ items: PositionOrder[] }>(
        '/api/contract/orderlist',
        { status: 'history' },
        { token: u.token },
      )
    ).body.data.items;
    expect(filled).toMatchObject({ status: 'filled', price: '61200', fillPrice: '60012', frozen: '0' });
    await call('/api/contract/closeall', u.token, {});

    // A short mirrors it: a limit 2% below the market sells at the dealer's bid, 59,988.
    const v = await trader(s, '1000');
    const short = await order(v.token, {
      side: 'short',
      type: 'limit',
      lots: '0.01',
      leverage: 10,
      price: '58800',
    });
    expect(short.body.code, JSON.stringify(short.body)).toBe(200);
    await until(async () => (await positions(v.token)).length === 1);
    expect((await positions(v.token))[0]).toMatchObject({
      side: 'short',
      entryPrice: '59988',
      margin: '59.988',
    });
    expect(await contract(s, v.token)).toEqual({ available: '939.71206', frozen: '59.988' });
    await call('/api/contract/closeall', v.token, {});
  });

  it('adds to a position at the lot-weighted entry, refuses another leverage, sets TP/SL, closes partly', async () => {
    fresh();
    const u = await trader(s);
    await order(u.token, { side: 'long', type: 'market', lots: '0.1', leverage: 10 });
    tick(s, '62000');
    const mismatch = await order(u.token, { side: 'long', type: 'market', lots: '0.1', leverage: 20 });
    expect(mismatch.body.data.error).toBe('position_leverage_mismatch');
    await order(u.token, { side: 'long', type: 'market', lots: '0.1', leverage: 10 });
    const [p] = await positions(u.token);
    // (60012 + 62012.4) / 2 = 61012.2; margins 600.12 + 620.124.
    expect(p).toMatchObject({ lots: '0.2', entryPrice: '61012.2', margin: '1220.244' });

    const bad = await s.api('/api/contract/tpsl', { id: p?.id, tp: '61000', sl: null }, { token: u.token });
    expect(bad.body.data).toMatchObject({ error: 'tp_invalid', field: 'tp' });
    const badSl = await s.api('/api/contract/tpsl', { id: p?.id, tp: null, sl: '61500' }, { token: u.token });
    expect(badSl.body.data.error).toBe('sl_invalid');
    const set = await s.api<Position>(
      '/api/contract/tpsl',
      { id: p?.id, tp: '65000', sl: '58000' },
      { token: u.token },
    );
    expect(set.body.data).toMatchObject({ tp: '65000', sl: '58000' });

    const tooMany = await call('/api/contract/close', u.token, { id: p?.id, lots: '0.3' });
    expect(tooMany.body.data.error).toBe('lots_above_position');
    const part = await call('/api/contract/close', u.token, { id: p?.id, lots: '0.05' });
    expect(part.body.data).toMatchObject({ status: 'filled', lots: '0.05' });
    const [rest] = await positions(u.token);
    // A quarter of the margin released, rounded down to 8 decimals.
    expect(rest).toMatchObject({ lots: '0.15', margin: '915.183', tp: '65000', sl: '58000' });
    expect((await contract(s, u.token)).frozen).toBe('915.183');

    // Someone else cannot close it; a closed position cannot be closed again.
    const other = await trader(s, '100');
    const theirs = await call('/api/contract/close', other.token, { id: p?.id });
    expect(theirs.body.data.error).toBe('not_found');
    await call('/api/contract/close', u.token, { id: p?.id });
    const again = await call('/api/contract/close', u.token, { id: p?.id });
    expect(again.body.data.error).toBe('position_not_open');
    expect((await contract(s, u.token)).frozen).toBe('0');
  });

  it('closes a position once when two closes race, the other refused with nothing moved', async () => {
    fresh();
    const u = await trader(s);
    await order(u.token, { side: 'long', type: 'market', lots: '0.05', leverage: 10 });
    const [p] = await positions(u.token);
    const [a, b] = await Promise.all([
      call('/api/contract/close', u.token, { id: p?.id }),
      call('/api/contract/close', u.token, { id: p?.id }),
    ]);
    const statuses = [
      a.body.data.status ?? a.body.data.error,
      b.body.data.status ?? b.body.data.error,
    ].sort();
    expect(statuses).toEqual(['filled', 'position_not_open']);
    expect((await contract(s, u.token)).frozen).toBe('0');
  });

  it('answers a repeated request once and refuses another request under the same key', async () => {
    fresh();
    const u = await trader(s);
    const key = randomUUID();
    const body = {
      symbol: 'BTC-PERP',
      side: 'short',
      type: 'market',
      lots: '0.01',
      leverage: 5,
      idempotencyKey: key,
    };
    const [a, b] = await Promise.all([
      s.api<PositionOrder>('/api/contract/order', body, { token: u.token }),
      s.api<PositionOrder>('/api/contract/order', body, { token: u.token }),
    ]);
    expect(a.body.data.id).toBe(b.body.data.id);
    const c = await s.api<PositionOrder>('/api/contract/order', body, { token: u.token });
    expect(c.body.data.id).toBe(a.body.data.id);
    const conflict = await s.api('/api/contract/order', { ...body, lots: '0.02' }, { token: u.token });
    expect(conflict.body.data.error).toBe('idempotency_conflict');
    const [p] = await positions(u.token);
    expect(p?.lots).toBe('0.01');
    const closeKey = randomUUID();
    const first = await s.api<PositionOrder>(
      '/api/contract/close',
      { id: p?.id, idempotencyKey: closeKey },
      { token: u.token },
    );
    const repeat = await s.api<PositionOrder>(
      '/api/contract/close',
      { id: p?.id, idempotencyKey: closeKey },
      { token: u.token },
    );
    expect(repeat.body.data.id).toBe(first.body.data.id);
    expect((await contract(s, u.token)).frozen).toBe('0');
  });

  it('reverses a long into a short in one go and closes everything', async () => {
    fresh();
    const u = await trader(s);
    await order(u.token, { side: 'long', type: 'market', lots: '0.1', leverage: 20 });
    await order(
      u.token,
      { symbol: 'AAPL', side: 'short', type: 'market', lots: '5', leverage: 2 },
      '/api/stock/order',
    );
    const [long] = await positions(u.token);
    const rev = await call('/api/contract/reverse', u.token, { id: long?.id });
    expect(rev.body.data).toMatchObject({ status: 'filled', action: 'reverse', fillPrice: '59988' });
    const now = await positions(u.token);
    const short = now.find((p) => p.symbol === 'BTC-PERP');
    // Sold at 60000 x 0.9998 = 59988: the short opens there with the same lots and leverage.
    expect(short).toMatchObject({
      side: 'short',
      lots: '0.1',
      entryPrice: '59988',
      leverage: 20,
      margin: '299.94',
    });
    const closedLong = await s.api<{ items: Position[] }>('/api/contract/history', {}, { token: u.token });
    expect(closedLong.body.data.items[0]).toMatchObject({
      id: long?.id,
      closeReason: 'reverse',
      closePrice: '59988',
    });

    const all = await call<{ items: PositionOrder[] }>('/api/contract/closeall', u.token, {});
    expect(all.body.data.items).toHaveLength(2);
    expect(all.body.data.items.every((o) => o.status === 'filled')).toBe(true);
    expect(await positions(u.token)).toEqual([]);
    expect((await contract(s, u.token)).frozen).toBe('0');
  });

  it('closes all it can and lists the position whose market is closed, which stays open', async () => {
    fresh();
    const back = s.clock.now() + 60_000;
    const u = await trader(s);
    await order(u.token, { side: 'long', type: 'market', lots: '0.01', leverage: 10 });
    await order(
      u.token,
      { symbol: 'AAPL', side: 'long', type: 'market', lots: '1', leverage: 5 },
      '/api/stock/order',
    );
    const aapl = (await positions(u.token)).find((p) => p.symbol === 'AAPL') as Position;
    // Saturday: crypto trades, the US stock session is closed.
    manualClock(s).set(SATURDAY);
    fresh();
    const key = randomUUID();
    const all = await s.api<CloseAllResult>(
      '/api/contract/closeall',
      { idempotencyKey: key },
      { token: u.token },
    );
    expect(all.status).toBe(200);
    expect(all.body.data.items.map((o) => [o.symbol, o.status])).toEqual([['BTC-PERP', 'filled']]);
    expect(all.body.data.skipped).toEqual([{ positionId: aapl.id, symbol: 'AAPL', reason: 'market_closed' }]);
    expect(await positions(u.token)).toMatchObject([{ id: aapl.id, status: 'open', lots: '1' }]);
    // A repeat answers the same closes and still says why AAPL is open.
    const again = await s.api<CloseAllResult>(
      '/api/contract/closeall',
      { idempotencyKey: key },
      { token: u.token },
    );
    expect(again.body.data).toEqual(all.body.data);
    // Back in session, close all closes it and leaves nothing out.
    manualClock(s).set(back);
    fresh();
    const later = await call<CloseAllResult>('/api/contract/closeall', u.token, {});
    expect(later.body.data.items.map((o) => [o.symbol, o.status])).toEqual([['AAPL', 'filled']]);
    expect(later.body.data.skipped).toEqual([]);
    expect((await contract(s, u.token)).frozen).toBe('0');
  });

  it('closes at market on a TP or SL trigger and liquidates with the insurance fund covering the deficit', async () => {
    fresh();
    const u = await trader(s);
    await order(u.token, {
      side: 'long',
      type: 'market',
      lots: '0.1',
      leverage: 10,
      tp: '61000',
      sl: '59000',
    });
    const [p] = await positions(u.token);
    // The triggers watching the marks (risk16) submit the system close on this tick.
    tick(s, '61000');
    await expect.poll(async () => (await positions(u.token)).length).toBe(0);
    expect(await s.positions.submitSystemClose(p?.id as string, 'tp')).toBeUndefined();
    const h = await s.api<{ items: Position[] }>('/api/contract/history', {}, { token: u.token });
    expect(h.body.data.items[0]).toMatchObject({ id: p?.id, closeReason: 'tp', closePrice: '60987.8' });

    fresh();
    const v = await trader(s, '1000');
    await order(v.token, { side: 'long', type: 'market', lots: '0.1', leverage: 100 });
    const [q] = await positions(v.token);
    // 100x: margin 60.012; the liquidation price is just under 59,652.
    expect(parseUnits(q?.liquidationPrice as string)).toBeGreaterThan(parseUnits('59600'));
    // The demo insurance fund holds 20 USDT.
    await post(s.db, {
      realm: 'demo',
      kind: 'test.fund',
      legs: move(
        'platform:main:treasury',
        'platform:main:insurance',
        'USDT',
        parseUnits('20') - (await insurance()),
      ),
    });
    const dealer = await platform('dealer');
    // Past the liquidation price by far: the loss exceeds the margin, the fund pays the deficit.
    tick(s, '59000');
    await expect.poll(async () => (await positions(v.token)).length).toBe(0);
    const closed = await s.api<{ items: Position[] }>('/api/contract/history', {}, { token: v.token });
    expect(closed.body.data.items[0]).toMatchObject({
      id: q?.id,
      closeReason: 'liquidation',
      closePrice: '59000',
    });
    // Loss (59000 - 60012) x 0.1 = 101.2 > margin 60.012: deficit 41.188, of which the fund pays
    // its 20; the dealer receives 80.012 and forgoes the rest. No fee is left, nothing comes back.
    expect(await insurance()).toBe(0n);
    expect(formatUnits((await platform('dealer')) - dealer)).toBe('80.012');
    // 1,000 less the margin 60.012 and the opening fee 3.0006.
    expect(await contract(s, v.token)).toEqual({ available: '936.9874', frozen: '0' });
    const notices = await s.api<{ items: { kind: string; title: string }[] }>(
      '/api/common/noticelist',
      {},
      { token: v.token },
    );
    expect(notices.body.data.items[0]).toMatchObject({
      kind: 'position.liquidated',
      title: 'Position liquidated',
    });
  });

  it('refuses an order or a reverse past the dealer’s exposure cap, the demo realm’s apart from live', async () => {
    fresh();
    const [cap] = await s.db.query<{ exposure_cap: string }>(
      `SELECT exposure_cap::text AS exposure_cap FROM position_rules WHERE symbol = 'BTC-PERP'`,
    );
    await s.db.query(`UPDATE position_rules SET exposure_cap = 0.5 WHERE symbol = 'BTC-PERP'`);
    await s.positions.engines.reload();
    const demo = () => s.positions.engines.get('BTC-PERP', 'demo')?.positions.exposure;
    try {
      expect(demo()).toBe(0n);
      const a = await trader(s, '50000');
      const b = await trader(s, '50000');
      const tooBig = await order(a.token, { side: 'long', type: 'market', lots: '0.6', leverage: 10 });
      expect(tooBig.body.data.error).toBe('dealer_exposure_cap');
      await order(a.token, { side: 'short', type: 'market', lots: '0.3', leverage: 10 });
      await order(b.token, { side: 'long', type: 'market', lots: '0.35', leverage: 10 });
      expect(demo()).toBe(parseUnits('0.05'));
      // Live positions are another dealer book: none there.
      expect(s.positions.engines.get('BTC-PERP', 'live')?.positions.exposure).toBe(0n);
      // Reversing B's long makes the net 0.05 - 0.7 = -0.65: past the cap, refused, nothing moved.
      const [bp] = await positions(b.token);
      const before = await contract(s, b.token);
      const rev = await call('/api/contract/reverse', b.token, { id: bp?.id });
      expect(rev.body.data.error).toBe('dealer_exposure_cap');
      expect(await contract(s, b.token)).toEqual(before);
      expect(await positions(b.token)).toMatchObject([{ id: bp?.id, side: 'long', lots: '0.35' }]);
      // Closing always goes towards zero: allowed.
      await call('/api/contract/closeall', a.token, {});
      await call('/api/contract/closeall', b.token, {});
      expect(demo()).toBe(0n);
    } finally {
      await s.db.query(`UPDATE position_rules SET exposure_cap = $1 WHERE symbol = 'BTC-PERP'`, [
        cap?.exposure_cap,
      ]);
      await s.positions.engines.reload();
    }
  });

  it('records each fill as trading activity (perpetuals as contract, CFDs as stock)', async () => {
    fresh();
    const u = await trader(s);
    await order(u.token, { side: 'long', type: 'market', lots: '0.01', leverage: 10 });
    await order(
      u.token,
      { symbol: 'AAPL', side: 'long', type: 'market', lots: '2', leverage: 5 },
      '/api/stock/order',
    );
    await call('/api/contract/closeall', u.token, {});
    const rows = await s.db.query<{ product: string; symbol: string; notional: string; fee: string }>(
      `SELECT product, symbol, notional::text AS notional, fee::text AS fee FROM trade_activity
       WHERE user_id = $1 ORDER BY id`,
      [u.user.id],
    );
    expect(rows.map((r) => `${r.product} ${r.symbol}`)).toEqual([
      'contract BTC-PERP',
      'stock AAPL',
      'contract BTC-PERP',
      'stock AAPL',
    ]);
    // The opening fill: 0.01 x 60012 = 600.12, fee 0.30006.
    expect(parseUnits(rows[0]?.notional ?? '0')).toBe(parseUnits('600.12'));
    expect(parseUnits(rows[0]?.fee ?? '0')).toBe(parseUnits('0.30006'));
  });

  const platform = async (kind: string) => {
    const [row] = await s.db.query<{ available: string }>(
      `SELECT available::text AS available FROM ledger_accounts
       WHERE realm = 'demo' AND owner_type = 'platform' AND kind = $1 AND asset = 'USDT'`,
      [kind],
    );
    return parseUnits(row?.available ?? '0');
  };
  const insurance = () => platform('insurance');
});

async function until(ok: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('timed out');
}
