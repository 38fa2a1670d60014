import { canonicalDecimal, SECONDS_START_WINDOW_MS, verifyTickChain } from '@otc/core';
import type { Session } from '@otc/protocol/auth/schemas';
import type { TickHeadList } from '@otc/protocol/market/schemas';
import type {
  SecondsAccess,
  SecondsOrder,
  SecondsProducts,
  SecondsProof,
} from '@otc/protocol/seconds/schemas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifiedNationality } from '../../../src/kyc/index.ts';
import { venueFeed } from '../../../src/market/feeds/venue.ts';
import { feedInto } from '../../../src/market/runner.ts';
import { replay, SETTLE_GRACE_MS } from '../../../src/seconds/settlement.ts';
import { registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { TestSocket } from '../support/socket-client.ts';
import { standInVenue } from '../support/stand-in-venue.ts';
import {
  contractUsdt,
  demoWithContract,
  orderOf,
  place,
  runSettlement,
  SYMBOL,
  tick,
} from './seconds-fixtures.ts';

describe.each(DATABASES)('seconds contracts on %s', (kind) => {
  let s: TestServer;
  let demo: Session;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
    // The market is live: a tick now, so the instrument is open.
    await tick(s, '60000');
    demo = await demoWithContract(s);
    admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
  });
  afterAll(() => s.close());

  it('offers the four periods with their ratios and break-even hit rates', async () => {
    const res = await s.api<SecondsProducts>('/api/seconds/products');
    expect(res.body.code).toBe(200);
    const btc = res.body.data.products.find((p) => p.symbol === SYMBOL);
    expect(btc?.periods.map((p) => [p.seconds, p.ratio])).toEqual([
      [30, '0.8'],
      [60, '0.82'],
      [120, '0.85'],
      [300, '0.88'],
    ]);
    expect(btc?.periods[0]?.breakEven.slice(0, 6)).toBe('0.5555');
    expect(res.body.data).toMatchObject({
      asset: 'USDT',
      minStake: '10',
      maxStake: '10000',
      lossShare: null,
    });
  });

  it('buys on the first tick after acceptance, settles on the last at or before delivery, pays stake x (1 + ratio)', async () => {
    const clock = manualClock(s);
    const ws = await TestSocket.open(s.url);
    ws.send({ op: 'auth', token: demo.token });
    ws.send({ op: 'subscribe', channels: ['user'] });
    await ws.waitFor((f) => f.type === 'subscribed');

    const before = await contractUsdt(s, demo.token);
    const placed = await place(s, demo.token, { direction: 'up', stake: '100' });
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data).toMatchObject({ status: 'opening', buy: null, stake: '100', winPayout: '180' });
    const accepted = clock.now();
    // The stake is frozen at once.
    expect(await contractUsdt(s, demo.token)).toEqual({
      available: String(Number(before.available) - 100),
      frozen: '100',
    });

    // A tick at the acceptance time is not after it: the order still waits for its buy tick.
    await tick(s, '60001', accepted);
    clock.advance(400);
    await tick(s, '60010'); // the buy tick
    const buyTs = clock.now();
    await runSettlement(s, 100);
    const bought = await orderOf(s, demo.token, placed.body.data.id);
    expect(bought).toMatchObject({ status: 'trading', buy: { price: '60010', source: 'test-feed' } });
    expect(bought.buy?.ts).toBe(new Date(buyTs).toISOString());
    expect(bought.deliveryAt).toBe(new Date(buyTs + 30_000).toISOString());
    await ws.waitFor(
      (f) => f.channel === 'user' && (f.data as { order?: { status?: string } }).order?.status === 'trading',
    );

    await tick(s, '59990', buyTs + 10_000);
    await tick(s, '60020', buyTs + 30_000); // the settlement tick: at delivery
    await tick(s, '1', buyTs + 30_001); // after delivery: never used
    clock.set(buyTs + 30_500);
    expect((await orderOf(s, demo.token, placed.body.data.id)).status).toBe('settling');
    await runSettlement(s);
    const done = await orderOf(s, demo.token, placed.body.data.id);
    expect(done).toMatchObject({
      status: 'completed',
      result: 'win',
      refundReason: null,
      settle: { price: '60020', source: 'test-feed', ts: new Date(buyTs + 30_000).toISOString() },
      returned: '180',
      pnl: '80',
    });
    // The contract balance moved by exactly the payout's profit.
    expect(await contractUsdt(s, demo.token)).toEqual({
      available: String(Number(before.available) + 80),
      frozen: '0',
    });
    await ws.waitFor(
      (f) =>
        f.channel === 'user' && (f.data as { order?: { status?: string } }).order?.status === 'completed',
    );
    ws.close();
  });

  async function settledOrder(
    direction: 'up' | 'down',
    buy: string,
    settle: string | null,
    ticksAfter = true,
  ) {
    const clock = manualClock(s);
    // The market is live (a tick now, which is not after the acceptance: never the buy tick).
    await tick(s, '1');
    const placed = await place(s, demo.token, { direction, stake: '50' });
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    clock.advance(100);
    await tick(s, buy);
    const buyTs = clock.now();
    await runSettlement(s, 100);
    if (settle !== null) await tick(s, settle, buyTs + 29_000);
    if (ticksAfter) await tick(s, buy, buyTs + 31_000);
    clock.set(buyTs + 31_000);
    await runSettlement(s);
    return orderOf(s, demo.token, placed.body.data.id);
  }

  it('loses when the price goes the other way, refunds on an equal price and on a period without a second tick', async () => {
    const loss = await settledOrder('up', '60000', '59999');
    expect(loss).toMatchObject({ result: 'loss', returned: '0', pnl: '-50' });
    const downWin = await settledOrder('down', '60000', '59999');
    expect(downWin).toMatchObject({ result: 'win', returned: '90', pnl: '40' });
    const equal = await settledOrder('down', '60000', '60000');
    expect(equal).toMatchObject({ result: 'refund', refundReason: 'equal', returned: '50', pnl: '0' });
    const lonely = await settledOrder('up', '60000', null);
    expect(lonely).toMatchObject({ result: 'refund', refundReason: 'too_few_ticks', settle: null, pnl: '0' });
    expect(await contractUsdt(s, demo.token)).toMatchObject({ frozen: '0' });
  });

  it("shows a settled contract its ticks in the index's hash chain up to the minutes' heads; a tick altered afterwards is flagged", async () => {
    const order = await settledOrder('up', '62000', '62001');
    const proofOf = async (id: string, token = demo.token) =>
      (await s.api<SecondsProof>('/api/seconds/proof', { id }, { token })).body;
    const proof = (await proofOf(order.id)).data;
    if (!proof.available) throw new Error(`no proof: ${JSON.stringify(proof)}`);
    const asTick = (t: SecondsOrder['buy']) => ({
      symbol: proof.symbol,
      ts: Date.parse(t?.ts ?? ''),
      price: t?.price ?? '',
      source: t?.source ?? '',
    });
    const wanted = [asTick(order.buy), asTick(order.settle)];
    const chain = proof.ticks.map((t) => ({ ...t, symbol: proof.symbol }));
    expect(verifyTickChain(proof.previous, chain, proof.heads, wanted)).toEqual({ ok: true });
    expect(chain.map((t) => t.price)).toEqual(expect.arrayContaining(['62000', '62001']));
    // The heads the proof ends at are the ones published for everyone (newest first).
    const published = await s.api<TickHeadList>('/api/market/tick-heads', {
      symbol: proof.symbol,
      limit: 1440,
    });
    const byMinute = new Map(published.body.data.items.map((h) => [h.minute, h.hash]));
    for (const head of proof.heads) expect(byMinute.get(head.minute)).toBe(head.hash);
    const minutes = published.body.data.items.map((h) => h.minute);
    expect(minutes).toEqual([...minutes].sort((a, b) => b - a));

    // The settlement tick changed in the database after the fact: the recomputed chain breaks.
    const alter = (from: string, to: string) =>
      s.db.query(
        'UPDATE index_ticks SET price = $3 WHERE symbol = $1 AND price = $2 AND ts = $4::timestamptz',
        [SYMBOL, from, to, order.settle?.ts],
      );
    await alter('62001', '61999');
    const altered = (await proofOf(order.id)).data;
    if (!altered.available) throw new Error('the altered ticks are still kept');
    const check = verifyTickChain(
      altered.previous,
      altered.ticks.map((t) => ({ ...t, symbol: altered.symbol })),
      altered.heads,
      wanted,
    );
    expect(check).toMatchObject({ ok: false, reason: 'hash' });
    await alter('61999', '62001');

    // Another user's contract is unknown; one not settled yet has no proof.
    const other = await demoWithContract(s, '100');
    expect(await proofOf(order.id, other.token)).toMatchObject({ code: 404 });
    const open = await place(s, demo.token, { stake: '50' });
    expect((await proofOf(open.body.data.id)).data).toEqual({ available: false, reason: 'not_settled' });
  });

  it("with a venue feed, shows the venue trade behind each of a contract's ticks, hashed into the chain", async () => {
    const clock = manualClock(s);
    const venue = await standInVenue();
    const feed = venueFeed(
      venue.url,
      new Map([['BTCUSDT', SYMBOL]]),
      undefined,
      () => clock.now(),
      'binance',
    );
    let heard = 0;
    const stopHearing = s.market.onIndexTick((t) => {
      if (t.symbol === SYMBOL && t.source === 'venue') heard += 1;
    });
    feedInto(s.market, feed);
    await venue.connected();
    /** A venue trade, through the feed into the hub, stored as the market's flush stores it. */
    const trade = async (id: number, price: string, ts = clock.now()) => {
      const before = heard;
      venue.trade({ id, symbol: 'BTCUSDT', price, ts });
      await vi.waitFor(() => expect(heard).toBe(before + 1), { timeout: 5000, interval: 10 });
      await s.market.flush();
    };
    try {
      await trade(7_100_000_001, '62000.5');
      const placed = await place(s, demo.token, { direction: 'up', stake: '10' });
      expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
      clock.advance(300);
      await trade(7_100_000_002, '62001.25'); // the buy tick
      const buyTs = clock.now();
      await runSettlement(s, 100);
      await trade(7_100_000_003, '62003.75', buyTs + 29_000); // the settlement tick
      await trade(7_100_000_004, '62000', buyTs + 31_000);
      clock.set(buyTs + 31_000);
      await runSettlement(s);
      const order = await orderOf(s, demo.token, placed.body.data.id);
      expect(order).toMatchObject({
        result: 'win',
        buy: { price: '62001.25', source: 'venue' },
        settle: { price: '62003.75', source: 'venue' },
        returned: '18',
      });

      const proofOf = async () =>
        (await s.api<SecondsProof>('/api/seconds/proof', { id: order.id }, { token: demo.token })).body.data;
      const proof = await proofOf();
      if (!proof.available) throw new Error(`no proof: ${JSON.stringify(proof)}`);
      const chain = proof.ticks.map((t) => ({ ...t, symbol: proof.symbol }));
      const at = (iso: string | undefined) => chain.find((t) => t.ts === Date.parse(iso ?? ''));
      expect(at(order.buy?.ts)?.trade).toEqual({ venue: 'binance', id: '7100000002' });
      expect(at(order.settle?.ts)?.trade).toEqual({ venue: 'binance', id: '7100000003' });
      // The wanted ticks name their trades: the chain holds those exact trades, and its heads are the published ones.
      const wanted = [at(order.buy?.ts), at(order.settle?.ts)].map((t) => ({
        symbol: proof.symbol,
        ts: t?.ts ?? 0,
        price: t?.price ?? '',
        source: t?.source ?? '',
        trade: t?.trade,
      }));
      expect(verifyTickChain(proof.previous, chain, proof.heads, wanted)).toEqual({ ok: true });
      const published = await s.api<TickHeadList>('/api/market/tick-heads', { symbol: SYMBOL, limit: 10 });
      const byMinute = new Map(published.body.data.items.map((h) => [h.minute, h.hash]));
      for (const head of proof.heads) expect(byMinute.get(head.minute)).toBe(head.hash);

      // Another trade's id put on the settlement tick afterwards: the chain no longer verifies.
      const setTrade = (id: string) =>
        s.db.query(`UPDATE index_ticks SET venue_trade = $2 WHERE symbol = $1 AND ts = $3::timestamptz`, [
          SYMBOL,
          id,
          order.settle?.ts,
        ]);
      await setTrade('7100000009');
      const altered = await proofOf();
      if (!altered.available) throw new Error('the altered ticks are still kept');
      const check = verifyTickChain(
        altered.previous,
        altered.ticks.map((t) => ({ ...t, symbol: altered.symbol })),
        altered.heads,
        [],
      );
      expect(check).toMatchObject({ ok: false, reason: 'hash' });
      await setTrade('7100000003');
    } finally {
      stopHearing();
      feed.stop();
      await venue.close();
    }
  });

  it('settles the same contracts again from the stored ticks with the same results, and follows the ticks alone', async () => {
    const a = await settledOrder('up', '61000', '61001');
    const b = await settledOrder('down', '61000', '61001');
    const first = await replay(s.db, [a.id, b.id]);
    const second = await replay(s.db, [a.id, b.id]);
    expect(second).toEqual(first);
    expect(first.map((d) => d.outcome.result)).toEqual([a.result, b.result]);
    expect(first.map((d) => canonicalDecimal(d.settle?.price ?? ''))).toEqual([
      a.settle?.price,
      b.settle?.price,
    ]);
    expect(first.map((d) => canonicalDecimal(d.row.buy_price ?? ''))).toEqual(['61000', '61000']);

    // Change nothing but the two settlement ticks: the outcomes follow them.
    const setSettle = (from: string, to: string) =>
      s.db.query(
        `UPDATE index_ticks SET price = $3 WHERE symbol = $1 AND price = $2 AND ts = ANY($4::timestamptz[])`,
        [SYMBOL, from, to, [a.settle?.ts, b.settle?.ts]],
      );
    await setSettle('61001', '60999');
    const moved = await replay(s.db, [a.id, b.id]);
    expect(moved.map((d) => d.outcome.result)).toEqual(['loss', 'win']);
    // Put them back, so the stored ticks and the settled contracts agree again.
    await setSettle('60999', '61001');
    expect((await replay(s.db, [a.id, b.id])).map((d) => d.outcome.result)).toEqual(['win', 'loss']);
  });

  it('refunds a contract whose start window after acceptance holds no tick: the period bought is the period run', async () => {
    const clock = manualClock(s);
    await tick(s, '60000');
    const before = await contractUsdt(s, demo.token);
    // The case: bought, then no tick for 23 s (a restart), then the feed again.
    const late = await place(s, demo.token, { stake: '100' });
    clock.advance(23_000);
    await tick(s, '60500');
    await runSettlement(s, 100);
    expect(await orderOf(s, demo.token, late.body.data.id)).toMatchObject({
      status: 'completed',
      result: 'refund',
      refundReason: 'no_start_tick',
      buy: null,
      deliveryAt: null,
      settle: null,
      returned: '100',
      pnl: '0',
    });
    expect(await contractUsdt(s, demo.token)).toEqual(before);

    // No tick at all: refunded once the window and the feed's staleness grace have passed.
    const silent = await place(s, demo.token, { stake: '100' });
    clock.advance(SECONDS_START_WINDOW_MS + SETTLE_GRACE_MS);
    await runSettlement(s, 100);
    expect(await orderOf(s, demo.token, silent.body.data.id)).toMatchObject({
      result: 'refund',
      refundReason: 'no_start_tick',
    });

    // A tick at the window's last millisecond still starts the contract, which then runs its period.
    await tick(s, '60000');
    const edge = await place(s, demo.token, { stake: '100' });
    const startTs = clock.now() + SECONDS_START_WINDOW_MS;
    await tick(s, '60000', startTs);
    await runSettlement(s);
    expect(await orderOf(s, demo.token, edge.body.data.id)).toMatchObject({
      status: 'trading',
      buy: { price: '60000', ts: new Date(startTs).toISOString() },
    });
    await tick(s, '60001', startTs + 30_000);
    clock.set(startTs + 31_000);
    await tick(s, '60001');
    await runSettlement(s);
    expect(await orderOf(s, demo.token, edge.body.data.id)).toMatchObject({ result: 'win' });
    expect(await contractUsdt(s, demo.token)).toMatchObject({ frozen: '0' });
  });

  it('never settles twice: the job runs again and nothing moves', async () => {
    const done = await settledOrder('up', '62000', '62001');
    const before = await contractUsdt(s, demo.token);
    await runSettlement(s);
    await runSettlement(s, 60_000);
    expect(await contractUsdt(s, demo.token)).toEqual(before);
    expect(await orderOf(s, demo.token, done.id)).toEqual(done);
    const [n] = await s.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM journal WHERE kind = 'seconds.settle' AND reference = $1`,
      [done.id],
    );
    expect(n?.n).toBe('1');
  });

  it('refuses bad input with a translated error and freezes nothing', async () => {
    await tick(s, '60000');
    const before = await contractUsdt(s, demo.token);
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ stake: '9.99' }, 400, 'seconds_stake_below_min', 'stake'],
      [{ stake: '10000.01' }, 400, 'seconds_stake_above_max', 'stake'],
      [{ stake: '10.0000001' }, 400, 'amount_precision', 'stake'],
      [{ period: 45 }, 400, 'seconds_period_unknown', 'period'],
      [{ symbol: 'AAPL' }, 400, 'seconds_not_offered', 'symbol'],
      [{ stake: '9000' }, 400, 'insufficient_balance'],
      [{ direction: 'sideways' }, 400, 'field_invalid', 'direction'],
    ];
    for (const [body, status, error, field] of cases) {
      const res = await place(s, demo.token, body, 'de');
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.data.error).toBe(error);
      if (field) expect(res.body.data.field).toBe(field);
      expect(res.body.msg).not.toMatch(/^seconds_/);
    }
    expect((await place(s, demo.token, { stake: '9.99' }, 'de')).body.msg).toBe(
      'Der Mindesteinsatz beträgt 10,00 USDT.',
    );
    expect((await place(s, demo.token, { stake: '10000.01' }, 'de')).body.msg).toBe(
      'Der Höchsteinsatz beträgt 10.000,00 USDT.',
    );

    // A halted instrument: the operator's halt, then a feed silent for 10 s.
    await s.db.query(`UPDATE instruments SET admin_halted = true WHERE symbol = $1`, [SYMBOL]);
    await s.market.reloadInstrument(SYMBOL);
    const halted = await place(s, demo.token, {}, 'fr');
    expect(halted.status).toBe(409);
    expect(halted.body.data.error).toBe('seconds_market_halted');
    await s.db.query(`UPDATE instruments SET admin_halted = false WHERE symbol = $1`, [SYMBOL]);
    await s.market.reloadInstrument(SYMBOL);
    manualClock(s).advance(11_000);
    expect((await place(s, demo.token, {})).body.data.error).toBe('seconds_market_halted');
    await tick(s, '60000');
    expect(await contractUsdt(s, demo.token)).toEqual(before);
    const [open] = await s.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM seconds_orders WHERE status <> 'completed'`,
    );
    expect(open?.n).toBe('0');
  });

  it('answers a repeated order with the first answer and freezes once', async () => {
    const key = 'seconds-repeat-0001';
    await tick(s, '60000');
    const [a, b] = await Promise.all([
      place(s, demo.token, { idempotencyKey: key }),
      place(s, demo.token, { idempotencyKey: key }),
    ]);
    expect(a.body.data).toEqual(b.body.data);
    expect(await contractUsdt(s, demo.token)).toMatchObject({ frozen: '100' });
    const other = await place(s, demo.token, { idempotencyKey: key, stake: '11' });
    expect(other.body.data.error).toBe('idempotency_conflict');
    // Settle it so the suite ends with nothing open.
    manualClock(s).advance(100);
    await tick(s, '60000');
    manualClock(s).advance(60_000);
    await tick(s, '60000');
    await runSettlement(s);
    await runSettlement(s);
    expect(await contractUsdt(s, demo.token)).toMatchObject({ frozen: '0' });
  });

  it('switches off globally and per verified nationality in the back office, audited; a refused user sees why', async () => {
    const off = await s.api(
      '/api/admin/seconds/switch',
      { enabled: false, blockedCountries: [] },
      { token: admin },
    );
    expect(off.body.code, JSON.stringify(off.body)).toBe(200);
    const access = await s.api<SecondsAccess>('/api/seconds/access', {}, { token: demo.token, lang: 'ja' });
    expect(access.body.data).toEqual({
      allowed: false,
      reason: 'seconds_product_off',
      message: 'このプラットフォームでは秒契約が停止されています。',
    });
    const refused = await place(s, demo.token, {});
    expect(refused.status).toBe(403);
    expect(refused.body.data.error).toBe('seconds_product_off');

    // Off for Brazil only: a user whose verified nationality is BR is refused (kyc's verified record).
    await s.api('/api/admin/seconds/switch', { enabled: true, blockedCountries: ['br'] }, { token: admin });
    const settings = await s.api<{ blockedCountries: string[]; enabled: boolean }>(
      '/api/admin/seconds/settings',
      undefined,
      { token: admin },
    );
    expect(settings.body.data).toMatchObject({ enabled: true, blockedCountries: ['BR'] });
    // A live user (a demo account has no country: decision 0146) whose verified nationality is Brazilian,
    // a country without a profile: only the operator's own list keeps it off. The kyc area's record of a
    // verified basic level (its own flow is tested in kyc.test.ts).
    const live = await registerUser(s);
    await s.db.query(
      `INSERT INTO kyc_applications (user_id, level, status, fields, decided_at) VALUES ($1, 'basic', 'approved', '{"nationality": "BR"}', now())`,
      [live.user.id],
    );
    expect(await verifiedNationality(s.db, live.user.id)).toBe('BR');
    const blocked = await place(s, live.token, {}, 'es');
    expect(blocked.status).toBe(403);
    expect(blocked.body.data.error).toBe('seconds_country_off');
    expect(blocked.body.msg).toBe(
      'Los contratos de segundos no se ofrecen en tu país (según tu nacionalidad verificada o, antes de verificarla, tu número de teléfono).',
    );
    const other = await s.api<SecondsAccess>(
      '/api/seconds/access',
      {},
      { token: (await demoWithContract(s, '10')).token },
    );
    expect(other.body.data).toMatchObject({ allowed: true, reason: null });
    await s.api('/api/admin/seconds/switch', { enabled: true, blockedCountries: [] }, { token: admin });
    const audits = await s.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action LIKE 'seconds.%'`,
    );
    expect(audits.length).toBe(3);
  });

  it('lets an admin change a ratio for new contracts only; no call sets an outcome', async () => {
    const res = await s.api(
      '/api/admin/seconds/ratios',
      {
        symbol: SYMBOL,
        periods: [
          { seconds: 30, ratio: '0.75' },
          { seconds: 60, ratio: '0.82' },
        ],
      },
      { token: admin },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const bad = await s.api(
      '/api/admin/seconds/ratios',
      { symbol: SYMBOL, periods: [{ seconds: 30, ratio: '3' }] },
      { token: admin },
    );
    expect(bad.body.data.error).toBe('seconds_ratio_invalid');
    await tick(s, '60000');
    const placed = await place(s, demo.token, { stake: '100' });
    expect(placed.body.data).toMatchObject({ ratio: '0.75', winPayout: '175' });
    expect((await place(s, demo.token, { period: 120 })).body.data.error).toBe('seconds_period_unknown');

    const winlose = await s.api(
      '/api/stock/setwinlose',
      { id: placed.body.data.id, result: 'win' },
      { token: admin, lang: 'de' },
    );
    expect(winlose.status).toBe(403);
    expect(winlose.body.data.error).toBe('outcome_setting_unsupported');
    expect(winlose.body.msg).not.toBe('outcome_setting_unsupported');

    manualClock(s).advance(100);
    await tick(s, '60000');
    manualClock(s).advance(31_000);
    await tick(s, '60000');
    await runSettlement(s);
    await runSettlement(s);
    expect((await orderOf(s, demo.token, placed.body.data.id)).status).toBe('completed');
  });
});
