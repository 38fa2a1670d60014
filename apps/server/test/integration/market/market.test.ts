import { randomUUID } from 'node:crypto';
import { formatUnits, parseUnits } from '@otc/core';
import type { Session } from '@otc/protocol/auth/schemas';
import type { Candle, Instrument, InstrumentDetail, Ticker } from '@otc/protocol/market/schemas';
import { CONFLATION } from '@otc/protocol/socket/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexTick } from '../../../src/market/index.ts';
import { ADMIN, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { TestSocket } from '../support/socket-client.ts';

describe.each(DATABASES)('market data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  it('lists a realistic catalogue by class and finds instruments by name', async () => {
    const list = async (body: unknown) =>
      (await s.api<{ items: Instrument[] }>('/api/common/coinlist', body)).body.data.items;
    expect((await list({ kind: 'spot', class: 'crypto' })).length).toBeGreaterThanOrEqual(20);
    expect((await list({ class: 'stock' })).length).toBeGreaterThanOrEqual(20);
    expect((await list({ class: 'forex' })).length).toBeGreaterThanOrEqual(10);
    expect((await list({ class: 'metal' })).length).toBeGreaterThanOrEqual(4);
    expect((await list({ class: 'commodity' })).length).toBeGreaterThanOrEqual(6);
    const perps = await list({ kind: 'perp' });
    expect(perps.find((p) => p.symbol === 'BTC-PERP')?.maxLeverage).toBe(100);
    expect((await list({ class: 'stock' })).every((i) => i.maxLeverage <= 5 && i.stampDuty === '0.001')).toBe(
      true,
    );

    const found = await s.api<{ items: Instrument[] }>('/api/common/search', { q: 'gold' });
    expect(found.body.data.items.map((i) => i.symbol)).toContain('XAU/USD');
    const bad = await s.api('/api/market/instrument', { symbol: 'NOPE/USDT' });
    expect(bad.status).toBe(404);
    expect((await s.api('/api/market/candles', { symbol: 'BTC/USDT', interval: '2m' })).body.data.error).toBe(
      'field_invalid',
    );
  });

  it('moves tickers, candles, followers and the ledger index price with each tick', async () => {
    const turnover = async () =>
      parseUnits(
        (await s.api<InstrumentDetail>('/api/market/instrument', { symbol: 'BTC/USDT' })).body.data.ticker
          ?.quoteVolume24h ?? '',
      );
    const before = await turnover();
    const now = Date.now();
    s.market.onTick('BTC/USDT', '70000.5', '0.5', now, 'test');
    s.market.onTick('BTC/USDT', '70100', '0.25', now + 1, 'test');
    await s.market.flush();
    const detail = (await s.api<InstrumentDetail>('/api/market/instrument', { symbol: 'BTC/USDT' })).body
      .data;
    expect(detail.ticker?.price).toBe('70100');
    expect(detail.instrument.status).toBe('open');
    const perp = (await s.api<InstrumentDetail>('/api/market/instrument', { symbol: 'BTC-PERP' })).body.data;
    expect(perp.ticker?.price).toBe('70100');
    const candles = (
      await s.api<{ items: Candle[] }>('/api/market/candles', { symbol: 'BTC/USDT', interval: '1m' })
    ).body.data.items;
    // Turnover (issue 24): 70000.5 × 0.5 + 70100 × 0.25 = 35000.25 + 17525 USDT.
    expect(candles.at(-1)).toMatchObject({
      o: '70000.5',
      h: '70100',
      l: '70000.5',
      c: '70100',
      v: '0.75',
      q: '52525.25',
    });
    expect(formatUnits((await turnover()) - before)).toBe('52525.25');
    const [price] = await s.db.query<{ price: string }>(
      `SELECT price::text AS price FROM index_prices WHERE asset = 'BTC'`,
    );
    expect(price?.price).toBe('70100.000000000000000000');
    const [ticks] = await s.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM index_ticks WHERE symbol = 'BTC/USDT'`,
    );
    expect(Number(ticks?.n)).toBeGreaterThanOrEqual(2);
  });

  it('gives each ticker its turnover in USDT, so instruments quoted in different currencies rank by one figure', async () => {
    const now = Date.now();
    // Yen turnover on USD/JPY and EUR/JPY: 1,000 lots at about 155 and 168 yen.
    s.market.onTick('USD/JPY', '155.5', '1000', now, 'test');
    s.market.onTick('EUR/JPY', '168.25', '1000', now, 'test');
    await s.market.flush();
    const tickers = new Map<string, Ticker>();
    for (const body of [{ kind: 'spot' }, { class: 'forex' }])
      for (const t of (await s.api<{ items: Ticker[] }>('/api/market/tickers', body)).body.data.items)
        tickers.set(t.symbol, t);
    const at = (symbol: string) => tickers.get(symbol) as Ticker;
    const units = (symbol: string, field: 'quoteVolume24h' | 'price') => parseUnits(at(symbol)[field]);
    const ONE = 10n ** 18n;
    // USDT and USD quotes at par.
    expect(at('BTC/USDT').quoteVolumeUsdt24h).toBe(at('BTC/USDT').quoteVolume24h);
    expect(at('EUR/USD').quoteVolumeUsdt24h).toBe(at('EUR/USD').quoteVolume24h);
    // USD/JPY's yen at its own price; EUR/JPY's through USD/JPY; both rounded down.
    expect(units('USD/JPY', 'quoteVolume24h')).toBeGreaterThan(155_000n * ONE);
    expect(at('USD/JPY').quoteVolumeUsdt24h).toBe(
      formatUnits((units('USD/JPY', 'quoteVolume24h') * ONE) / units('USD/JPY', 'price')),
    );
    expect(at('EUR/JPY').quoteVolumeUsdt24h).toBe(
      formatUnits((units('EUR/JPY', 'quoteVolume24h') * ONE) / units('USD/JPY', 'price')),
    );
    // So USD/JPY's figure is its yen turnover divided by about 155, not the yen figure itself.
    expect(parseUnits(at('USD/JPY').quoteVolumeUsdt24h ?? '0') * 150n).toBeLessThan(
      units('USD/JPY', 'quoteVolume24h'),
    );
  });

  it('tells in-process listeners of every index tick, followers of that index included', async () => {
    const heard: IndexTick[] = [];
    const stop = s.market.onIndexTick((t) => heard.push(t));
    const now = Date.now();
    s.market.onTick('BTC/USDT', '70200', '0.1', now, 'test');
    stop();
    s.market.onTick('BTC/USDT', '70300', '0.1', now + 1, 'test');
    // BTC-PERP and the BTC/USD CFD follow the BTC/USDT index; nothing is heard after the stop.
    expect(heard).toEqual(
      ['BTC/USDT', 'BTC-PERP', 'BTC/USD'].map((symbol) => ({
        symbol,
        price: '70200',
        ts: now,
        source: 'test',
      })),
    );
  });

  it('halts an instrument whose feed went quiet, and closes a stock outside its session', async () => {
    s.market.onTick('ETH/USDT', '3500', '1', Date.now() - 11_000, 'test');
    expect(s.market.status('ETH/USDT').status).toBe('halted');
    expect(s.market.status('ETH/USDT').reason).toBe('stale');
    s.market.onTick('ETH/USDT', '3501', '1', Date.now(), 'test');
    expect(s.market.status('ETH/USDT').status).toBe('open');
    const saturday = Date.UTC(2026, 10, 21, 15, 0);
    expect(s.market.status('AAPL', saturday)).toEqual({ status: 'closed', reason: 'session' });
    expect(s.market.status('BTC/USDT', saturday).status).not.toBe('closed');
  });

  it('keeps favourites for a signed-in user', async () => {
    const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    await s.api('/api/market/favorite', { symbol: 'eth/usdt', on: true }, { token: demo.token });
    await s.api('/api/market/favorite', { symbol: 'XAU/USD', on: true }, { token: demo.token });
    await s.api('/api/market/favorite', { symbol: 'XAU/USD', on: false }, { token: demo.token });
    const favs = await s.api<{ symbols: string[] }>('/api/market/favorites', {}, { token: demo.token });
    expect(favs.body.data.symbols).toEqual(['ETH/USDT']);
    expect(
      (await s.api('/api/market/favorite', { symbol: 'NOPE', on: true }, { token: demo.token })).status,
    ).toBe(404);
  });

  it('streams channel messages in sequence and answers snapshots', async () => {
    const ws = await TestSocket.open(s.url);
    ws.send({ op: 'subscribe', channels: ['ticker:SOL/USDT', 'kline:SOL/USDT:1m', 'tickers'] });
    await ws.waitFor((f) => f.type === 'subscribed');
    for (let i = 0; i < 3; i++) s.market.onTick('SOL/USDT', `${150 + i}`, '1', Date.now(), 'test');
    await s.market.flush();
    // The ticker is conflated (decision 0157): its entries cover the three messages, in sequence,
    // the last with the latest price.
    const entries = () =>
      ws.frames
        .filter((f) => f.type === 'data' && f.channel === 'ticker:SOL/USDT')
        .map((f) => ({ from: f.from as number, seq: f.seq as number, price: (f.data as Ticker).price }));
    const covered = () => entries().reduce((n, e) => n + e.seq - e.from + 1, 0);
    await ws.waitFor(() => covered() === 3);
    for (const [i, e] of entries().entries())
      if (i > 0) expect(e.from).toBe((entries()[i - 1]?.seq ?? 0) + 1);
    expect(entries().at(-1)?.price).toBe('152');
    const batch = await ws.waitFor((f) => f.channel === 'tickers');
    expect((batch.data as Ticker[]).map((t) => t.symbol)).toContain('SOL/USDT');

    ws.send({ op: 'snapshot', channel: 'ticker:SOL/USDT' });
    const snap = await ws.waitFor((f) => f.type === 'snapshot');
    expect(snap.seq).toBe(entries().at(-1)?.seq);
    expect((snap.data as Ticker).price).toBe('152');

    ws.send({ op: 'unsubscribe', channels: ['ticker:SOL/USDT'] });
    await ws.waitFor((f) => f.type === 'unsubscribed');
    const before = entries().length;
    s.market.onTick('SOL/USDT', '160', '1', Date.now(), 'test');
    await new Promise((r) => setTimeout(r, CONFLATION.ticker + 200));
    expect(entries()).toHaveLength(before);
    ws.close();
  });

  it('refuses unknown channels, malformed frames and too many subscriptions, in the client language', async () => {
    const ws = await TestSocket.open(s.url, 'de');
    ws.send({ op: 'subscribe', channels: ['ticker:NOPE/USDT', 'candles:BTC/USDT', 'user'] });
    await ws.waitFor(() => ws.frames.filter((f) => f.error === 'channel_unknown').length === 3);
    ws.send('{not json');
    ws.send({ op: 'fly' });
    await ws.waitFor(() => ws.frames.filter((f) => f.error === 'invalid_input').length === 2);
    const symbols = [...s.market.instruments.keys()];
    const channels = symbols.flatMap((sym) => [`ticker:${sym}`, `kline:${sym}:1m`]).slice(0, 101);
    ws.send({ op: 'subscribe', channels: channels.slice(0, 60) });
    ws.send({ op: 'subscribe', channels: channels.slice(60) });
    const tooMany = await ws.waitFor((f) => f.error === 'too_many_channels');
    expect(tooMany.msg).not.toBe('Too many subscriptions on one connection.');
    ws.close();
  });

  it('closes a connection that asks for 1,000 channels at once, with a reason', async () => {
    const ws = await TestSocket.open(s.url);
    ws.send({ op: 'subscribe', channels: Array.from({ length: 1000 }, (_, i) => `ticker:S${i}`) });
    const closed = await ws.waitClosed();
    expect(closed.code).toBe(1009);
  });

  it('closes a connection that floods it, with a reason', async () => {
    const ws = await TestSocket.open(s.url);
    for (let i = 0; i < 50; i++) ws.send({ op: 'ping' });
    const closed = await ws.waitClosed();
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/too many/);
    const again = await TestSocket.open(s.url);
    again.send({ op: 'ping' });
    await again.waitFor((f) => f.type === 'pong');
    again.close();
  });

  it('lets a signed-in client join its private channel', async () => {
    const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const ws = await TestSocket.open(s.url);
    ws.send({ op: 'auth', token: 'nope' });
    await ws.waitFor((f) => f.error === 'unauthorized');
    ws.send({ op: 'auth', token: demo.token });
    await ws.waitFor((f) => f.type === 'authed' && f.userId === demo.user.id);
    ws.send({ op: 'subscribe', channels: ['user'] });
    await ws.waitFor((f) => f.type === 'subscribed');
    ws.close();
  });
});

const REDIS_URLS = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];

describe.each(REDIS_URLS)('market messages across two API instances sharing Redis (%s)', (redisUrl) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const shared = { redisUrl, redisPrefix: `mkt-${randomUUID()}:` };
    a = await startServer('pglite', shared);
    b = await startServer('pglite', shared);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('delivers a tick made on one instance to a client of the other, in sequence, with snapshots', async () => {
    const ws = await TestSocket.open(b.url);
    ws.send({ op: 'subscribe', channels: ['ticker:XRP/USDT'] });
    await ws.waitFor((f) => f.type === 'subscribed');
    a.market.onTick('XRP/USDT', '0.6001', '10', Date.now(), 'test');
    a.market.onTick('XRP/USDT', '0.6002', '10', Date.now(), 'test');
    const second = await ws.waitFor(
      (f) => f.type === 'data' && (f.data as { price: string }).price === '0.6002',
    );
    ws.send({ op: 'snapshot', channel: 'ticker:XRP/USDT' });
    const snap = await ws.waitFor((f) => f.type === 'snapshot');
    expect(snap.seq).toBe(second.seq);
    expect((snap.data as { price: string }).price).toBe('0.6002');
    ws.close();
  });

  it("keeps a following instance's REST answers as fresh as the feed's instance", async () => {
    const unfollow = b.market.follow(b.bus);
    const heard: IndexTick[] = [];
    const stop = b.market.onIndexTick((t) => heard.push(t));
    const ts = Date.now();
    a.market.onTick('DOT/USDT', '7.777', '1', ts, 'test');
    // Its in-process listeners hear the owner's tick too, once (the source stays with the owner).
    await expect
      .poll(() => heard.filter((t) => t.symbol === 'DOT/USDT'))
      .toEqual([{ symbol: 'DOT/USDT', price: '7.777', ts, source: null }]);
    stop();
    await expect
      .poll(
        async () =>
          (await b.api<InstrumentDetail>('/api/market/instrument', { symbol: 'DOT/USDT' })).body.data.ticker
            ?.price,
      )
      .toBe('7.777');
    const candles = (
      await b.api<{ items: Candle[] }>('/api/market/candles', { symbol: 'DOT/USDT', interval: '1m' })
    ).body.data.items;
    expect(candles.at(-1)?.c).toBe('7.777');
    unfollow();
  });
});

describe.each(DATABASES)('the instrument registry in the back office on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
  });
  afterAll(() => s.close());

  it('lets an admin halt an instrument and change its fees, at once and audited', async () => {
    s.market.onTick('LINK/USDT', '14.6', '1', Date.now(), 'test');
    const halted = await s.api<Instrument>(
      '/api/admin/instruments/update',
      { symbol: 'link/usdt', halted: true, takerFee: '0.0008' },
      { token: admin },
    );
    expect(halted.body.data).toMatchObject({ status: 'halted', statusReason: 'admin', takerFee: '0.0008' });
    const seen = (await s.api<InstrumentDetail>('/api/market/instrument', { symbol: 'LINK/USDT' })).body.data
      .instrument;
    expect(seen.status).toBe('halted');
    await s.api('/api/admin/instruments/update', { symbol: 'LINK/USDT', halted: false }, { token: admin });
    expect(s.market.status('LINK/USDT').status).toBe('open');
    const audit = await s.api<{ items: { action: string; target: string }[] }>(
      '/api/admin/audit?action=instrument.update',
      undefined,
      { token: admin },
    );
    expect(audit.body.data.items.filter((a) => a.target === 'LINK/USDT')).toHaveLength(2);

    expect(
      (await s.api('/api/admin/instruments/update', { symbol: 'LINK/USDT', tickSize: '0' }, { token: admin }))
        .body.data.error,
    ).toBe('field_invalid');
    expect(
      (await s.api('/api/admin/instruments/update', { symbol: 'NOPE', halted: true }, { token: admin }))
        .status,
    ).toBe(404);
    expect(
      (await s.api('/api/admin/instruments/update', { symbol: 'LINK/USDT', price: '1' }, { token: admin }))
        .body.data.error,
    ).toBe('field_invalid');
    const list = await s.api<{ items: Instrument[] }>('/api/admin/instruments', undefined, { token: admin });
    expect(list.body.data.items.length).toBeGreaterThanOrEqual(60);
  });
});
