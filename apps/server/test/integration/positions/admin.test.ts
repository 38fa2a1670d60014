import type { AdminPositionRules, PositionsOverview } from '@otc/protocol/positions/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { openTestPosition, setPositionRules, testUser } from './fixture.ts';

describe.each(DATABASES)('positions in the back office on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let reviewer: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
    const email = 'reviewer.positions@test.local';
    await s.api(
      '/api/admin/operators',
      { email, password: 'Reviewer-pass-1', role: 'reviewer' },
      { token: admin },
    );
    reviewer = (await s.api<{ token: string }>('/api/admin/login', { email, password: 'Reviewer-pass-1' }))
      .body.data.token;
    s.market.onTick('BTC/USDT', '100', '1', s.clock.now(), 'test');
    // As the positions area seeds them (set here to known values).
    await setPositionRules(s.db, 'BTC-PERP');
    await setPositionRules(s.db, 'EUR/USD');
  });
  afterAll(() => s.close());

  const overview = async (token = admin) =>
    (await s.api<PositionsOverview>('/api/admin/positions/overview', undefined, { token })).body.data;
  const rulesOf = async (symbol: string) =>
    (
      await s.api<{ items: AdminPositionRules[] }>('/api/admin/positions/rules', undefined, { token: admin })
    ).body.data.items.find((r) => r.symbol === symbol);
  const update = (body: Record<string, unknown>, token = admin) =>
    s.api<AdminPositionRules>('/api/admin/positions/rules/update', body, { token });
  const audits = () =>
    s.db.query<{ target: string; detail: { after: Record<string, unknown> } }>(
      `SELECT target, detail FROM audit_log WHERE action = 'positions.rules.update' ORDER BY id`,
    );

  it('shows the dealer’s net exposure per instrument and realm against its cap, and the funds', async () => {
    const at = s.clock.now();
    const a = await testUser(s.db);
    const b = await testUser(s.db);
    await openTestPosition(s.db, {
      userId: a,
      side: 'long',
      lots: '3',
      entry: '100',
      margin: '30',
      openedAt: at,
    });
    await openTestPosition(s.db, {
      userId: b,
      side: 'short',
      lots: '1.5',
      entry: '100',
      margin: '15',
      openedAt: at,
    });
    const view = await overview(reviewer);
    const live = view.exposure.find((e) => e.symbol === 'BTC-PERP' && e.realm === 'live');
    expect(live).toMatchObject({
      product: 'perp',
      longLots: '3',
      shortLots: '1.5',
      netExposure: '1.5',
      openPositions: 2,
    });
    expect(live?.fundingRate).not.toBeNull();
    expect(live?.nextFundingAt).toBeGreaterThan(at);
    // Every leveraged instrument shows, held or not, in both realms; CFDs have no funding.
    const cfd = view.exposure.find((e) => e.product === 'cfd' && e.realm === 'demo');
    expect(cfd).toMatchObject({ netExposure: '0', openPositions: 0, fundingRate: null, nextFundingAt: null });
    expect(view.insurance.map((f) => f.realm)).toEqual(['live', 'demo']);
    expect(view.dealer.map((f) => f.realm)).toEqual(['live', 'demo']);
  });

  it('lists open positions by user at the mark now', async () => {
    const user = await testUser(s.db);
    const id = await openTestPosition(s.db, {
      userId: user,
      side: 'long',
      lots: '1',
      entry: '100',
      margin: '10',
      openedAt: s.clock.now(),
      tp: '120',
    });
    const res = await s.api<{ items: Record<string, unknown>[]; total: number }>(
      `/api/admin/positions/open?userId=${user}`,
      undefined,
      { token: reviewer },
    );
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.items[0]).toMatchObject({
      id,
      userId: user,
      symbol: 'BTC-PERP',
      side: 'long',
      lots: '1',
      entryPrice: '100',
      margin: '10',
      tp: '120',
      sl: null,
      markPrice: '100',
      unrealisedPnl: '0',
    });
    // 10x long of 1 at 100 with 0.4% maintenance: the design's worked example, 100 x 0.9 / 0.996.
    expect(res.body.data.items[0]?.liquidationPrice).toMatch(/^90\.3614457831/);
  });

  it('lets an admin edit an instrument’s rules, audited, and refuses wrong values and other roles', async () => {
    const before = await rulesOf('BTC-PERP');
    expect(before).toBeDefined();
    const saved = await update({
      symbol: 'BTC-PERP',
      spread: '0.0003',
      brackets: [
        { notionalUpTo: '50000', rate: '0.005' },
        { notionalUpTo: null, rate: '0.02' },
      ],
      liquidationFeeRate: '0.006',
      liquidationFeeCap: '40',
      fundingIntervalHours: 4,
      exposureCap: '250',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      symbol: 'BTC-PERP',
      spread: '0.0003',
      brackets: [
        { notionalUpTo: '50000', rate: '0.005' },
        { notionalUpTo: null, rate: '0.02' },
      ],
      liquidationFeeRate: '0.006',
      liquidationFeeCap: '40',
      fundingIntervalHours: 4,
      exposureCap: '250',
    });
    expect(await rulesOf('BTC-PERP')).toEqual(saved.body.data);
    expect((await audits()).at(-1)).toMatchObject({
      target: 'BTC-PERP',
      detail: { after: { spread: '0.0003' } },
    });

    const n = (await audits()).length;
    const refused = [
      [{ spread: '0.2' }, 'spread'],
      [{ exposureCap: '0' }, 'exposureCap'],
      [{ liquidationFeeRate: '1' }, 'liquidationFeeRate'],
      [{ brackets: [{ notionalUpTo: '100', rate: '0.01' }] }, 'brackets'],
      [
        {
          brackets: [
            { notionalUpTo: '100', rate: '0.01' },
            { notionalUpTo: '50', rate: '0.02' },
            { notionalUpTo: null, rate: '0.03' },
          ],
        },
        'brackets',
      ],
      [{ brackets: [{ notionalUpTo: null, rate: '0' }] }, 'brackets'],
      [{ fundingIntervalHours: 5 }, 'fundingIntervalHours'],
    ] as const;
    for (const [change, field] of refused) {
      const res = await update({ symbol: 'BTC-PERP', ...change }, admin);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.data).toMatchObject({ error: 'field_invalid', field });
    }
    // Translated, naming the field.
    const de = await s.api(
      '/api/admin/positions/rules/update',
      { symbol: 'BTC-PERP', spread: '0.5' },
      { token: admin, lang: 'de' },
    );
    expect(de.body.msg).toContain('den Spread');
    expect((await update({ symbol: 'NOPE-PERP', spread: '0.001' })).body.data).toMatchObject({
      error: 'not_found',
    });
    expect((await update({ symbol: 'BTC-PERP', spread: '0.001' }, reviewer)).status).toBe(403);
    expect(await rulesOf('BTC-PERP')).toEqual(saved.body.data);
    expect(await audits()).toHaveLength(n);
  });
});
