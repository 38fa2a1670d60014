import { randomUUID } from 'node:crypto';
import { parseUnits } from '@otc/core';
import type { AuditEntry } from '@otc/protocol/admin/schemas';
import type { Session } from '@otc/protocol/auth/schemas';
import type { SpotOrder } from '@otc/protocol/spot/schemas';
import type { AdminVipSchedule, VipInfo } from '@otc/protocol/vip/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/i18n/translate.ts';
import { MarketMaker } from '../../../src/spot/market-maker.ts';
import { recomputeLevels } from '../../../src/vip/recompute.ts';
import { ADMIN, buyWithUsdt, DATABASES, startServer, type TestServer } from '../support/harness.ts';

const SEEDED = [
  { level: 0, minVolume: '0', feeMultiplier: '1' },
  { level: 1, minVolume: '50000', feeMultiplier: '0.9' },
  { level: 2, minVolume: '250000', feeMultiplier: '0.8' },
  { level: 3, minVolume: '1000000', feeMultiplier: '0.7' },
  { level: 4, minVolume: '5000000', feeMultiplier: '0.6' },
  { level: 5, minVolume: '20000000', feeMultiplier: '0.5' },
];

describe.each(DATABASES)('VIP fee levels on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
  });
  afterAll(() => s.close());

  const fresh = () => s.market.onTick('BTC/USDT', '60000', '1', Date.now(), 'test');
  const demo = async () => (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
  const info = async (token: string, body: Record<string, unknown> = {}) =>
    (await s.api<VipInfo>('/api/vip/info', body, { token })).body.data;
  const order = (token: string, body: Record<string, unknown>) =>
    s.api<SpotOrder>(
      '/api/spot/order',
      { symbol: 'BTC/USDT', idempotencyKey: randomUUID(), ...body },
      { token },
    );
  /** The hourly job, run now: levels from the trades, then the fee cache. */
  const recompute = async () => {
    await recomputeLevels(s.db, s.ctx.clock.date());
    await s.vip.load();
  };
  const schedule = async () =>
    (await s.api<AdminVipSchedule>('/api/admin/vip/levels', undefined, { token: admin })).body.data;
  const update = (levels: unknown, opts: { token?: string; lang?: string } = {}) =>
    s.api<AdminVipSchedule>('/api/admin/vip/levels/update', { levels }, { token: admin, ...opts });
  const vipAudits = async () =>
    (
      await s.api<{ items: AuditEntry[] }>('/api/admin/audit?action=vip.schedule', undefined, {
        token: admin,
      })
    ).body.data.items;

  it('starts a new user at VIP0 and shows the schedule with the BTC/USDT fees of every level', async () => {
    const u = await demo();
    const v = await info(u.token);
    expect(v).toMatchObject({
      level: 0,
      volume30d: '0',
      feeMultiplier: '1',
      next: { level: 1, minVolume: '50000', remaining: '50000' },
      progress: '0',
      symbol: 'BTC/USDT',
      makerFee: '0.001',
      takerFee: '0.001',
    });
    expect(
      v.schedule.map(({ level, minVolume, feeMultiplier }) => ({ level, minVolume, feeMultiplier })),
    ).toEqual(SEEDED);
    expect(v.schedule.map((r) => [r.makerFee, r.takerFee])).toEqual([
      ['0.001', '0.001'],
      ['0.0009', '0.0009'],
      ['0.0008', '0.0008'],
      ['0.0007', '0.0007'],
      ['0.0006', '0.0006'],
      ['0.0005', '0.0005'],
    ]);
    // The job ran at start.
    expect(v.computedAt).not.toBeNull();

    expect((await s.api('/api/vip/info', {})).status).toBe(401);
    const perp = await s.api('/api/vip/info', { symbol: 'BTC-PERP' }, { token: u.token });
    expect(perp.body.data.error).toBe('not_spot_market');
    const docs = (await (await fetch(`${s.url}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
    for (const path of ['/api/vip/info', '/api/admin/vip/levels', '/api/admin/vip/levels/update'])
      expect(Object.keys(docs.paths)).toContain(path);
  });

  it('works out levels from the real trades of the last 30 days, as maker and as taker', async () => {
    fresh();
    const seller = await demo();
    const buyer = await demo();
    const small = await demo();
    await buyWithUsdt(s, seller.token, 'BTC', '70000');
    // 1 BTC at 60,000: 60,000 USDT of volume for both sides.
    const ask = await order(seller.token, { side: 'sell', type: 'limit', price: '60000', qty: '1.01' });
    expect(ask.body.data.status).toBe('open');
    const bid = await order(buyer.token, { side: 'buy', type: 'limit', price: '60000', qty: '1' });
    expect(bid.body.data.status).toBe('filled');
    // 0.01 BTC: 600 USDT, far from VIP1.
    const tiny = await order(small.token, { side: 'buy', type: 'market', qty: '0.01' });
    expect(tiny.body.data.status).toBe('filled');

    // Nothing changes until the job runs (hourly, and at start).
    expect((await info(buyer.token)).level).toBe(0);
    await recompute();

    const b = await info(buyer.token);
    expect(b).toMatchObject({
      level: 1,
      volume30d: '60000',
      feeMultiplier: '0.9',
      next: { level: 2, minVolume: '250000', remaining: '190000' },
      progress: '0.24',
      makerFee: '0.0009',
      takerFee: '0.0009',
    });
    // The seller was maker of both trades: 60,000 + 600.
    expect(await info(seller.token)).toMatchObject({ level: 1, volume30d: '60600' });
    expect(await info(small.token)).toMatchObject({
      level: 0,
      volume30d: '600',
      next: { level: 1, remaining: '49400' },
      progress: '0.012',
    });

    // What the spot engine will ask, synchronously.
    expect(s.vip.levelOf(buyer.user.id)).toBe(1);
    expect(s.vip.levelOf(small.user.id)).toBe(0);
    expect(s.vip.rate(buyer.user.id, parseUnits('0.001'))).toBe(parseUnits('0.0009'));
    expect(s.vip.rate(small.user.id, parseUnits('0.001'))).toBe(parseUnits('0.001'));
    // Rounded down at 18 places in the user's favour: 0.000000000000000015 x 0.9 = 0.0000000000000000135.
    expect(s.vip.rate(buyer.user.id, 15n)).toBe(13n);

    // The engine charges it: both VIP1, the next 0.01 BTC at 60,000 costs each side 0.09% = 0.54 USDT.
    const ask2 = await order(seller.token, { side: 'sell', type: 'limit', price: '60000', qty: '0.01' });
    const bid2 = await order(buyer.token, { side: 'buy', type: 'limit', price: '60000', qty: '0.01' });
    expect(bid2.body.data).toMatchObject({ status: 'filled', fee: '0.54' });
    const sold = await s.api<{ order: SpotOrder }>(
      '/api/spot/orderdetail',
      { id: ask2.body.data.id },
      { token: seller.token },
    );
    expect(sold.body.data.order).toMatchObject({ status: 'filled', fee: '0.54' });
    // A month later the trades have left the window (VIP reads the fills' activity records): back to VIP0.
    await s.db.query(
      `UPDATE trade_activity SET created_at = now() - interval '31 days'
       WHERE journal_id IN (SELECT journal_id FROM spot_trades WHERE taker_order = ANY($1::bigint[]))`,
      [[bid.body.data.id, bid2.body.data.id]],
    );
    await recompute();
    expect(await info(buyer.token)).toMatchObject({ level: 0, volume30d: '0' });
    expect(await info(seller.token)).toMatchObject({ level: 0, volume30d: '600' });
    expect(s.vip.levelOf(buyer.user.id)).toBe(0);
  });

  it('leaves the market maker (a system user) out of the levels', async () => {
    fresh();
    const maker = await MarketMaker.create(s.ctx, s.spot, s.market);
    await maker.tick();
    const u = await demo();
    const bought = await order(u.token, { side: 'buy', type: 'market', qty: '0.01' });
    expect(bought.body.data).toMatchObject({ status: 'filled', avgPrice: '60030' });
    await recompute();
    expect((await info(u.token)).volume30d).toBe('600.3');
    const system = await s.db.query<{ vip_level: number; vip_volume: string }>(
      'SELECT vip_level, vip_volume::text AS vip_volume FROM users WHERE system',
    );
    expect(system.length).toBeGreaterThan(0);
    for (const row of system) expect(parseUnits(row.vip_volume)).toBe(0n);
    for (const row of system) expect(row.vip_level).toBe(0);
  });

  it('refuses a bad schedule with a clear translated error and changes nothing', async () => {
    const before = await schedule();
    expect(
      before.items.map(({ level, minVolume, feeMultiplier }) => ({ level, minVolume, feeMultiplier })),
    ).toEqual(SEEDED);
    const edit = (level: number, change: Partial<(typeof SEEDED)[number]>) =>
      SEEDED.map((l) => (l.level === level ? { ...l, ...change } : l));
    const cases: [unknown, string, Record<string, number>][] = [
      [SEEDED.slice(0, 5), 'vip_schedule_levels', {}],
      [
        [...SEEDED.slice(0, 5), { level: 6, minVolume: '1', feeMultiplier: '0.4' }],
        'vip_schedule_levels',
        {},
      ],
      [[...SEEDED, SEEDED[5]], 'vip_schedule_levels', {}],
      [edit(2, { feeMultiplier: '0' }), 'vip_multiplier_range', { level: 2 }],
      [edit(4, { feeMultiplier: '1.5' }), 'vip_multiplier_range', { level: 4 }],
      [edit(0, { minVolume: '100' }), 'vip_base_volume', {}],
      [edit(3, { minVolume: '250000' }), 'vip_volume_order', { level: 3, previous: 2 }],
      [edit(1, { minVolume: '300000' }), 'vip_volume_order', { level: 2, previous: 1 }],
    ];
    for (const [levels, error, params] of cases) {
      for (const lang of ['en', 'de']) {
        const res = await update(levels, { lang });
        expect(res.status, error).toBe(400);
        expect(res.body.data.error).toBe(error);
        expect(res.body.msg).toBe(translate(lang as 'en', error as 'vip_volume_order', params));
      }
    }
    expect(translate('en', 'vip_volume_order', { level: 3, previous: 2 })).toBe(
      'The minimum 30-day volume of VIP3 must be higher than that of VIP2.',
    );
    // Malformed amounts are refused by the schema.
    expect((await update(edit(1, { minVolume: '-5' }))).body.data).toMatchObject({
      error: 'field_invalid',
      field: 'levels',
    });
    // Only admins edit.
    await s.api(
      '/api/admin/operators',
      { email: 'reviewer.vip@test.local', password: 'Reviewer-pass-1', role: 'reviewer' },
      { token: admin },
    );
    const reviewer = (
      await s.api<{ token: string }>('/api/admin/login', {
        email: 'reviewer.vip@test.local',
        password: 'Reviewer-pass-1',
      })
    ).body.data.token;
    expect((await update(edit(1, { feeMultiplier: '0.1' }), { token: reviewer })).status).toBe(403);
    expect((await s.api('/api/admin/vip/levels', undefined, { token: reviewer })).status).toBe(200);

    expect(await schedule()).toEqual(before);
    expect(await vipAudits()).toEqual([]);
  });

  it('applies an admin’s new schedule at once to levels and fees, and audits it', async () => {
    // A user with 600 USDT of volume is VIP0 until VIP1 starts lower.
    fresh();
    const seller = await demo();
    const u = await demo();
    await buyWithUsdt(s, seller.token, 'BTC', '1000');
    await order(seller.token, { side: 'sell', type: 'limit', price: '60000', qty: '0.01' });
    const bought = await order(u.token, { side: 'buy', type: 'limit', price: '60000', qty: '0.01' });
    expect(bought.body.data).toMatchObject({ status: 'filled', avgPrice: '60000' });
    await recompute();
    expect(await info(u.token)).toMatchObject({ level: 0, volume30d: '600' });

    const next = SEEDED.map((l) =>
      l.level === 1 ? { level: 1, minVolume: '500', feeMultiplier: '0.85' } : l,
    );
    const saved = await update([...next].reverse());
    expect(saved.status).toBe(200);
    expect(saved.body.data.items.find((l) => l.level === 1)).toMatchObject({
      minVolume: '500',
      feeMultiplier: '0.85',
    });
    expect(saved.body.data.items.find((l) => l.level === 1)?.users).toBeGreaterThanOrEqual(1);

    // No waiting for the hourly job: the level and the fee cache follow the new schedule.
    expect(await info(u.token)).toMatchObject({
      level: 1,
      feeMultiplier: '0.85',
      makerFee: '0.00085',
      takerFee: '0.00085',
      next: { level: 2, remaining: '249400' },
    });
    expect(s.vip.levelOf(u.user.id)).toBe(1);
    expect(s.vip.rate(u.user.id, parseUnits('0.001'))).toBe(parseUnits('0.00085'));

    const [entry] = await vipAudits();
    expect(entry?.operatorEmail).toBe(ADMIN.email);
    expect(entry?.detail).toMatchObject({
      before: SEEDED,
      after: next,
    });
    expect(Number(entry?.detail.usersRelevelled)).toBeGreaterThanOrEqual(1);

    // The next recompute keeps them: it works from the same schedule.
    await recompute();
    expect((await info(u.token)).level).toBe(1);
  });
});
