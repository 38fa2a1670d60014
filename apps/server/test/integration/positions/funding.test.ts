import { parseUnits } from '@otc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jobs } from '../../../src/platform/jobs/jobs.ts';
import { fundingView } from '../../../src/positions/funding/funding.ts';
import { positionJobs } from '../../../src/positions/jobs.ts';
import { DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { contractBalance, openTestPosition, positionRow, setPositionRules, testUser } from './fixture.ts';

const at = (iso: string) => Date.parse(iso);

describe.each(DATABASES)('funding of perpetual positions on %s', (kind) => {
  let s: TestServer;
  let jobs: Jobs;
  const charged: string[][] = [];
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual', sessionDays: 365 });
    // 07:30 UTC: the last funding time was 00:00, the next is 08:00.
    manualClock(s).set(at('2030-01-07T07:30:00Z'));
    await setPositionRules(s.db, 'BTC-PERP', { exposureCap: '10', clamp: '0.0075' });
    s.market.onTick('BTC/USDT', '100', '1', s.clock.now(), 'test');
    jobs = new Jobs(s.db, s.clock, s.ctx.log);
    jobs.define(
      positionJobs(s.ctx.log, {
        mark: (symbol) => s.market.price(symbol),
        funded: (c) => {
          charged.push(c.flatMap((x) => x.positionIds));
        },
      }),
    );
    await jobs.schedule();
  });
  afterAll(() => s.close());

  const fundingRates = async (symbol: string) =>
    s.db.query<{ funding_time: Date; rate: string; positions: number }>(
      `SELECT funding_time, rate::text AS rate, positions FROM funding_rates
        WHERE symbol = $1 AND realm = 'live' ORDER BY funding_time`,
      [symbol],
    );

  it('charges longs and credits shorts at 08:00 UTC from the dealer’s exposure, out of and into their margins', async () => {
    const clock = manualClock(s);
    const long = await testUser(s.db);
    const short = await testUser(s.db);
    const a = await openTestPosition(s.db, {
      userId: long,
      side: 'long',
      lots: '2',
      entry: '100',
      margin: '20',
      openedAt: clock.now(),
    });
    const b = await openTestPosition(s.db, {
      userId: short,
      side: 'short',
      lots: '1',
      entry: '100',
      margin: '10',
      openedAt: clock.now(),
    });

    // The first run charges 00:00, when neither was open: a rate, nobody paid.
    await jobs.runDue();
    expect(await positionRow(s.db, a)).toMatchObject({
      margin: '20.000000000000000000',
      funding: '0.000000000000000000',
    });

    // Shown before it is charged: net +1 lot of a cap of 10 => 0.0001 + 0.0075 x 1/10 = 0.00085, longs pay.
    expect(await fundingView(s.db, 'BTC-PERP', 'live', clock.now())).toEqual({
      rate: '0.00085',
      nextFundingAt: at('2030-01-07T08:00:00Z'),
      intervalHours: 8,
    });

    clock.set(at('2030-01-07T08:00:00Z'));
    await jobs.runDue();
    // Long: 2 x 100 x 0.00085 = 0.17 out of its margin; short: 1 x 100 x 0.00085 = 0.085 into it.
    expect(await positionRow(s.db, a)).toMatchObject({
      margin: '19.830000000000000000',
      funding: '0.170000000000000000',
    });
    expect(await positionRow(s.db, b)).toMatchObject({
      margin: '10.085000000000000000',
      funding: '-0.085000000000000000',
    });
    expect((await contractBalance(s.db, long)).frozen).toBe(parseUnits('19.83'));
    expect((await contractBalance(s.db, short)).frozen).toBe(parseUnits('10.085'));
    const rows = await fundingRates('BTC-PERP');
    expect(rows.map((r) => [new Date(r.funding_time).toISOString(), r.rate, r.positions])).toEqual([
      ['2030-01-07T00:00:00.000Z', '0.000850000000000000', 0],
      ['2030-01-07T08:00:00.000Z', '0.000850000000000000', 2],
    ]);
    expect(charged.at(-1)?.sort()).toEqual([a, b].sort());
    // The next one is shown for 16:00.
    expect((await fundingView(s.db, 'BTC-PERP', 'live', clock.now()))?.nextFundingAt).toBe(
      at('2030-01-07T16:00:00Z'),
    );

    // Running again in the same period charges nothing more.
    clock.advance(60_000);
    await jobs.runDue();
    expect(await positionRow(s.db, a)).toMatchObject({ margin: '19.830000000000000000' });
    expect(await s.db.query('SELECT 1 FROM funding_payments WHERE position_id = $1', [a])).toHaveLength(1);
  });

  it('charges funding times missed while no process ran jobs once, at the latest of them', async () => {
    const clock = manualClock(s);
    const before = (await fundingRates('BTC-PERP')).length;
    // From 08:01 to the next day 09:00: 16:00, 00:00 and 08:00 passed; only 08:00 is charged.
    clock.set(at('2030-01-08T09:00:00Z'));
    await jobs.runDue();
    const rows = await fundingRates('BTC-PERP');
    expect(rows).toHaveLength(before + 1);
    expect(new Date(rows.at(-1)?.funding_time as Date).toISOString()).toBe('2030-01-08T08:00:00.000Z');
  });

  it('does not charge a position opened after the funding time it runs for', async () => {
    const clock = manualClock(s);
    clock.set(at('2030-01-08T15:59:00Z'));
    await jobs.runDue();
    const user = await testUser(s.db);
    // Opened at 16:00:30, the run for 16:00 comes after it (a late run): it does not pay.
    clock.set(at('2030-01-08T16:00:30Z'));
    const late = await openTestPosition(s.db, {
      userId: user,
      side: 'long',
      lots: '1',
      entry: '100',
      margin: '10',
      openedAt: clock.now(),
    });
    clock.advance(60_000);
    await jobs.runDue();
    expect(await positionRow(s.db, late)).toMatchObject({
      margin: '10.000000000000000000',
      funding: '0.000000000000000000',
    });
  });

  it('never takes more than the margin, and a negative rate has shorts pay longs', async () => {
    const clock = manualClock(s);
    // A 100x short of 5 lots with 0.01 margin against a crowded short side: the rate clamps at -0.0075.
    await setPositionRules(s.db, 'ETH-PERP', { exposureCap: '1', clamp: '0.0075' });
    s.market.onTick('ETH/USDT', '100', '1', clock.now(), 'test');
    const thin = await openTestPosition(s.db, {
      userId: await testUser(s.db),
      symbol: 'ETH-PERP',
      side: 'short',
      lots: '5',
      entry: '100',
      margin: '5',
      leverage: 100,
      openedAt: clock.now(),
    });
    const long = await openTestPosition(s.db, {
      userId: await testUser(s.db),
      symbol: 'ETH-PERP',
      side: 'long',
      lots: '1',
      entry: '100',
      margin: '10',
      openedAt: clock.now(),
    });
    expect((await fundingView(s.db, 'ETH-PERP', 'live', clock.now()))?.rate).toBe('-0.0075');
    clock.set(at('2030-01-09T00:00:00Z'));
    await jobs.runDue();
    // The short owes 5 x 100 x 0.0075 = 3.75 of its 5; the long receives 0.75.
    expect(await positionRow(s.db, thin)).toMatchObject({
      margin: '1.250000000000000000',
      funding: '3.750000000000000000',
    });
    expect(await positionRow(s.db, long)).toMatchObject({
      margin: '10.750000000000000000',
      funding: '-0.750000000000000000',
    });
    clock.set(at('2030-01-09T08:00:00Z'));
    await jobs.runDue();
    // 3.75 more is owed; the margin holds 1.25: that is all it pays.
    expect(await positionRow(s.db, thin)).toMatchObject({
      margin: '0.000000000000000000',
      funding: '5.000000000000000000',
    });
  });

  it('shows no funding for an instrument that is not a perpetual', async () => {
    expect(await fundingView(s.db, 'BTC/USDT', 'live', s.clock.now())).toBeNull();
  });
});
