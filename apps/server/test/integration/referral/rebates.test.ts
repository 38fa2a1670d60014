import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRebateDays } from '../../../src/referral/index.ts';
import { sumRebates } from '../../../src/referral/rebates.ts';
import { DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { at, fees, fill, funding, pair, rebates, register } from './referral-fixtures.ts';

/**
 * The daily rebate (docs/decisions/0127-referral.md): yesterday's live fees of each referrer's
 * referees, in USDT, times the referrer's ratio rounded down to 8 places, paid once through the
 * ledger from the platform's fees. Every figure below is worked out by hand.
 */
describe.each(DATABASES)('referral rebates on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
    // Ahead of the machine's time (the jobs are scheduled from it), and moved forward only.
    manualClock(s).set(Date.parse('2027-05-01T12:00:00Z'));
    // A pair quoted in BTC: its fees are paid in BTC (spot fees are in the quote asset).
    await s.db.query(
      `INSERT INTO instruments (symbol, name, kind, class, base, quote, tick_size, lot_size, min_notional,
                                max_leverage, maker_fee, taker_fee, session, start_price)
       VALUES ('ETH/BTC', 'Ether in bitcoin', 'spot', 'crypto', 'ETH', 'BTC', 0.00001, 0.001, 0.0001, 1, 0.001, 0.001, 'always', 0.05)
       ON CONFLICT DO NOTHING`,
    );
  });
  afterAll(() => s.close());

  it("pays the referrer exactly its ratio of a referee's live fees of yesterday, once, from the fees account", async () => {
    const { referrer, referee } = await pair(s);
    // 05-10: 12.3456789 USDT of fees, the last of them one millisecond before midnight.
    await fill(s, referee.user.id, '2027-05-10T09:00:00Z', { fee: '12' });
    await fill(s, referee.user.id, '2027-05-10T23:59:59.999Z', { fee: '0.3456789' });
    // Not 05-10's: the day before, the day after, and the demo realm's.
    await fill(s, referee.user.id, '2027-05-09T23:59:59Z', { fee: '50' });
    await fill(s, referee.user.id, '2027-05-11T00:00:00Z', { fee: '70' });
    await fill(s, referee.user.id, '2027-05-10T12:00:00Z', { fee: '1000', realm: 'demo' });
    const fees0 = Number(await fees(s));

    // 05-11 00:01: 05-10 is within the grace after midnight, not summed yet; 05-09 was over long
    // before (the run catches up the days it missed): 50 x 0.1 = 5.
    await at(s, '2027-05-11T00:01:00Z');
    expect(await rebates(s, referrer.user.id)).toEqual([
      { day: '2027-05-09', feeTotal: '50', ratio: '0.1', rebate: '5', posted: true },
    ]);
    // 00:06: 05-10 is summed. 12.3456789 x 0.1 (an ordinary referrer's ratio) = 1.23456789.
    await at(s, '2027-05-11T00:06:00Z');
    expect((await rebates(s, referrer.user.id))[1]).toEqual({
      day: '2027-05-10',
      feeTotal: '12.3456789',
      ratio: '0.1',
      rebate: '1.23456789',
      posted: true,
    });
    expect(await funding(s, referrer.user.id)).toBe('6.23456789');
    // The referee earns nothing on its own fees; the fees account paid the rebates.
    expect(await funding(s, referee.user.id)).toBe('0');
    expect(Number(await fees(s)) - fees0).toBeCloseTo(-6.23456789, 8);
    // One posting a day, of the kind and key the decision names.
    const journal = await s.db.query<{ kind: string; key: string; reference: string }>(
      `SELECT kind, idempotency_key AS key, reference FROM journal WHERE idempotency_key LIKE $1 ORDER BY id`,
      [`referral:${referrer.user.id}:%`],
    );
    expect(journal).toEqual([
      { kind: 'referral_rebate', key: `referral:${referrer.user.id}:2027-05-09`, reference: '2027-05-09' },
      { kind: 'referral_rebate', key: `referral:${referrer.user.id}:2027-05-10`, reference: '2027-05-10' },
    ]);
    // Runs again the same day, and later: nothing more for either day.
    await at(s, '2027-05-11T00:30:00Z');
    await s.db.tx((q) => runRebateDays(q, Date.parse('2027-05-11T08:00:00Z')));
    expect(await funding(s, referrer.user.id)).toBe('6.23456789');
    // The next day: 05-11's 70 x 0.1 = 7 (the demo realm's 1000 never counted).
    await at(s, '2027-05-12T00:06:00Z');
    expect((await rebates(s, referrer.user.id)).map((r) => [r.day, r.rebate])).toEqual([
      ['2027-05-09', '5'],
      ['2027-05-10', '1.23456789'],
      ['2027-05-11', '7'],
    ]);
    expect(await funding(s, referrer.user.id)).toBe('13.23456789');
  });

  it('converts a fee in another asset at the index price, and rounds the rebate down', async () => {
    await s.db.query(`UPDATE index_prices SET price = 60000.5 WHERE asset = 'BTC'`);
    const { referrer, referee } = await pair(s);
    // 05-13: 0.00012345 BTC on ETH/BTC = 0.00012345 x 60000.5 = 7.407061725 USDT,
    // and 12.3456789 USDT on a perpetual (the leveraged products' fees are in USDT).
    await fill(s, referee.user.id, '2027-05-13T08:00:00Z', { fee: '0.00012345', symbol: 'ETH/BTC' });
    await fill(s, referee.user.id, '2027-05-13T09:00:00Z', {
      fee: '12.3456789',
      symbol: 'BTC-PERP',
      product: 'contract',
    });
    await at(s, '2027-05-14T00:06:00Z');
    // 7.407061725 + 12.3456789 = 19.752740625, kept to 8 places: 19.75274062;
    // x 0.1 = 1.975274062, rounded DOWN to 8 places: 1.97527406.
    expect(await rebates(s, referrer.user.id)).toEqual([
      { day: '2027-05-13', feeTotal: '19.75274062', ratio: '0.1', rebate: '1.97527406', posted: true },
    ]);
    expect(await funding(s, referrer.user.id)).toBe('1.97527406');
  });

  it('pays nothing on demo fees, to a demo referrer, or when the rebate rounds to 0', async () => {
    const demoOnly = await pair(s);
    await fill(s, demoOnly.referee.user.id, '2027-05-15T08:00:00Z', { fee: '100', realm: 'demo' });
    // A demo user's code is refused at registration; a link to one made by hand still pays nothing.
    const demo = (await s.api<{ user: { id: string } }>('/api/auth/loginvirtual', {})).body.data.user;
    const toDemo = await register(s);
    await s.db.query('UPDATE users SET referrer_id = $1 WHERE id = $2', [demo.id, toDemo.user.id]);
    await fill(s, toDemo.user.id, '2027-05-15T08:00:00Z', { fee: '100' });
    // 0.00000009 x 0.1 = 0.000000009: below 8 places, nothing stored or posted.
    const tiny = await pair(s);
    await fill(s, tiny.referee.user.id, '2027-05-15T08:00:00Z', { fee: '0.00000009' });
    await at(s, '2027-05-16T00:06:00Z');
    for (const id of [demoOnly.referrer.user.id, demo.id, tiny.referrer.user.id])
      expect(await rebates(s, id)).toEqual([]);
    expect(await funding(s, demoOnly.referrer.user.id)).toBe('0');
    expect(await funding(s, tiny.referrer.user.id)).toBe('0');
  });

  it('pays once when two runs go at once', async () => {
    const { referrer, referee } = await pair(s);
    await fill(s, referee.user.id, '2027-05-17T08:00:00Z', { fee: '25' });
    const now = Date.parse('2027-05-18T00:10:00Z');
    manualClock(s).set(now);
    // Two transactions at once (two connections on PostgreSQL): one sums and posts, the other waits and finds it done.
    const [a, b] = await Promise.all([
      s.db.tx((q) => runRebateDays(q, now)),
      s.db.tx((q) => runRebateDays(q, now)),
    ]);
    expect(a.stored + b.stored).toBe(1);
    expect(a.posted + b.posted).toBe(1);
    await s.jobs.runDue();
    // 25 x 0.1 = 2.5, once.
    expect(await funding(s, referrer.user.id)).toBe('2.5');
    expect(await rebates(s, referrer.user.id)).toEqual([
      { day: '2027-05-17', feeTotal: '25', ratio: '0.1', rebate: '2.5', posted: true },
    ]);
  });

  it('posts after a restart what a run stored and did not post', async () => {
    const { referrer, referee } = await pair(s);
    await fill(s, referee.user.id, '2027-05-19T08:00:00Z', { fee: '3.33333333' });
    const now = Date.parse('2027-05-20T00:10:00Z');
    manualClock(s).set(now);
    // A run that stored the day and died before posting: the row waits with no journal.
    expect(await s.db.tx((q) => sumRebates(q, '2027-05-19', now))).toBe(1);
    expect(await rebates(s, referrer.user.id)).toEqual([
      { day: '2027-05-19', feeTotal: '3.33333333', ratio: '0.1', rebate: '0.33333333', posted: false },
    ]);
    expect(await funding(s, referrer.user.id)).toBe('0');
    // The restart's ledger check finds nothing wrong with a row not yet posted; the next run posts it once.
    s = await s.restart();
    manualClock(s).set(now);
    await s.jobs.runDue();
    await s.db.tx((q) => runRebateDays(q, now + 60_000));
    // 3.33333333 x 0.1 = 0.333333333, rounded down: 0.33333333.
    expect(await funding(s, referrer.user.id)).toBe('0.33333333');
    expect(await rebates(s, referrer.user.id)).toEqual([
      { day: '2027-05-19', feeTotal: '3.33333333', ratio: '0.1', rebate: '0.33333333', posted: true },
    ]);
  });
});
