import { externalAccount, move, parseUnits, platformAccount } from '@otc/core';
import type { AdminActivity } from '@otc/protocol/activity/schemas';
import type { Session } from '@otc/protocol/auth/schemas';
import type { BankDeposit } from '@otc/protocol/cashier/bank/schemas';
import type { Realm, TreasuryExposure } from '@otc/protocol/ledger/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../../src/postings/index.ts';
import { PLATFORM_BANK, uploadImage } from '../cashier/bank-fixtures.ts';
import { sevenDayProduct, subscribe } from '../earn/earn-fixtures.ts';
import { deposit, PASSWORD, registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';

const PATH = '/api/admin/treasury/exposure';

/**
 * Issue 26's treasury exposure (decision 0126): the yield and bonuses the treasury owes over the
 * next 30 days against its balance, each figure worked out by hand from the subscriptions' daily
 * yield and remaining days, the bookings' bonuses and a treasury balance the test sets.
 */
describe.each(DATABASES)('treasury exposure on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // Users' sessions outlive the clock's walk; operators sign in again at each step (12 h).
    s = await startServer(kind, { clock: 'manual', sessionDays: 365 });
    // Ahead of the machine's time (the jobs are scheduled from it), and moved forward only.
    manualClock(s).set(Date.parse('2027-05-10T12:00:00Z'));
    const admin = await adminToken();
    expect((await s.api('/api/admin/funding/bank/account', PLATFORM_BANK, { token: admin })).body.code).toBe(
      200,
    );
  });
  afterAll(() => s.close());

  const adminToken = async () => (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
  const exposure = async () => {
    const res = await s.api<TreasuryExposure>(PATH, undefined, { token: await adminToken() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** A realm's USDT line, its sources by name. */
  const usdt = async (realm: Realm) => {
    const line = (await exposure()).items.find((i) => i.realm === realm && i.asset === 'USDT');
    if (!line) throw new Error(`no ${realm} USDT line`);
    return { ...line, owed: Object.fromEntries(line.owed.map((o) => [o.source, o.amount])) };
  };
  /**
   * Moves the realm's treasury USDT (the treasury and its shards, decision 0149) to exactly `amount`,
   * from the outside world into the treasury itself (a posting, as a top-up would be).
   */
  const setTreasury = async (realm: Realm, amount: string) => {
    const [row] = await s.db.query<{ balance: string }>(
      `SELECT sum(available + frozen)::text AS balance FROM ledger_accounts
       WHERE realm = $1 AND owner_type = 'platform' AND kind = 'treasury' AND asset = 'USDT'`,
      [realm],
    );
    const change = parseUnits(amount) - parseUnits(row?.balance ?? '0');
    if (change === 0n) return;
    const [from, to] =
      change > 0n
        ? [externalAccount('test'), platformAccount('treasury')]
        : [platformAccount('treasury'), externalAccount('test')];
    await s.db.tx((q) =>
      post(q, { realm, kind: 'test.deposit', legs: move(from, to, 'USDT', change > 0n ? change : -change) }),
    );
  };
  const at = (iso: string) => manualClock(s).set(Date.parse(iso));
  /** The jobs as the runner runs them at the clock's time: the accrual pays, the settlement pays or lets lapse. */
  const runJobs = () => s.jobs.runDue();

  it('counts earn’s yield still to pay and the bonuses of open bookings over 30 days, per realm, against the balance', async () => {
    // Nothing promised yet: the treasury's 1,000 is all left.
    await setTreasury('live', '1000');
    const empty = await exposure();
    expect(empty).toMatchObject({
      days: 30,
      asOf: '2027-05-10T12:00:00.000Z',
      until: '2027-06-09T12:00:00.000Z',
    });
    expect(empty.sources).toEqual(expect.arrayContaining(['earn', 'activity']));
    expect(await usdt('live')).toMatchObject({
      balance: '1000',
      owed: { earn: '0', activity: '0' },
      total: '0',
      left: '1000',
      short: false,
    });

    // 05-10 12:00: A subscribes 1,000 for 60 days at 0.5% (5 a day, days 05-11 .. 07-09); B
    // subscribes 333.33 for 7 days (1.66665 a day, 05-11 .. 05-17).
    const sixty = await sevenDayProduct(s, { name: 'Sixty days', cycleDays: 60 });
    const seven = await sevenDayProduct(s, { name: 'Seven days' });
    const a = await registerUser(s);
    const b = await registerUser(s);
    await deposit(s, a.user.id, 'USDT', '1000');
    await deposit(s, b.user.id, 'USDT', '333.33');
    const subA = await subscribe(s, a.token, { productId: sixty, amount: '1000', tradePassword: PASSWORD });
    expect(subA.body.code, JSON.stringify(subA.body)).toBe(200);
    expect(subA.body.data).toMatchObject({ dailyYield: '5', startDate: '2027-05-11', endDate: '2027-07-09' });
    const subB = await subscribe(s, b.token, { productId: seven, amount: '333.33', tradePassword: PASSWORD });
    expect(subB.body.data).toMatchObject({ dailyYield: '1.66665', endDate: '2027-05-17' });

    // An activity (deposit 100, get 15.5); C and D book it now (deadline 05-17 12:00).
    const activity = await s.api<AdminActivity>(
      '/api/admin/activity/create',
      {
        title: 'Deposit 100, get 15.5',
        target: '100',
        bonus: '15.5',
        startsAt: '2027-05-10T11:00:00.000Z',
        endsAt: '2027-06-30T00:00:00.000Z',
      },
      { token: await adminToken() },
    );
    expect(activity.status, JSON.stringify(activity.body)).toBe(200);
    const c = await registerUser(s);
    const d = await registerUser(s);
    for (const u of [c, d])
      expect(
        (await s.api('/api/activity/joinactivity', { id: activity.body.data.id }, { token: u.token })).body
          .code,
      ).toBe(200);

    // A demo user subscribes 1,000 for 7 days in the demo realm (5 a day); the demo treasury holds 20.
    const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    expect((await subscribe(s, demo.token, { productId: seven, amount: '1000' })).body.code).toBe(200);
    await setTreasury('demo', '20');

    // Until 06-09 12:00, the days over by then end with 06-08:
    // A: 05-11 .. 06-08 = 29 days x 5 = 145; B: all 7 days x 1.66665 = 11.66655; earn 156.66655.
    // Activity: two open bookings x 15.5 = 31. Total 187.66655; left 1000 - 187.66655 = 812.33345.
    expect(await usdt('live')).toMatchObject({
      balance: '1000',
      owed: { earn: '156.66655', activity: '31' },
      total: '187.66655',
      left: '812.33345',
      short: false,
    });
    // Demo: 7 x 5 = 35 promised against 20: 15 short. Activities are live only.
    expect(await usdt('demo')).toMatchObject({
      balance: '20',
      owed: { earn: '35', activity: '0' },
      total: '35',
      left: '-15',
      short: true,
    });

    // 05-13 00:00:10, the accrual not run yet: the two days over (05-11, 05-12) are still owed.
    // Until 06-12 00:00:10, days through 06-11: A 32 x 5 = 160; B 7 x 1.66665 = 11.66655.
    at('2027-05-13T00:00:10Z');
    expect(await usdt('live')).toMatchObject({
      balance: '1000',
      owed: { earn: '171.66655', activity: '31' },
      total: '202.66655',
      left: '797.33345',
    });
    // The accrual pays them: A 10, B 3.3333 from the treasury (986.6667); A owes 30 days (150), B 5
    // (8.33325). What is left does not move: the promise paid is the promise no longer owed.
    await runJobs();
    // The job paid from the treasury's shard 1 (decision 0149); the figure sums the treasury and its shards.
    const [main, shard] = await s.db.query<{ available: string }>(
      `SELECT available::text AS available FROM ledger_accounts WHERE realm = 'live' AND owner_type = 'platform'
         AND owner IN ('main', 'main-1') AND kind = 'treasury' AND asset = 'USDT' ORDER BY owner`,
    );
    expect([parseUnits(main?.available ?? ''), parseUnits(shard?.available ?? '')]).toEqual([
      parseUnits('1000'),
      parseUnits('-13.3333'),
    ]);
    expect(await usdt('live')).toMatchObject({
      balance: '986.6667',
      owed: { earn: '158.33325', activity: '31' },
      total: '189.33325',
      left: '797.33345',
      short: false,
    });
    // Demo: 2 days x 5 paid (20 - 10 = 10), 5 days owed (25).
    expect(await usdt('demo')).toMatchObject({
      balance: '10',
      owed: { earn: '25' },
      left: '-15',
      short: true,
    });

    // 05-15: D deposits 100 (a bank transfer approved), reaching the target; C deposits nothing.
    at('2027-05-15T09:00:00Z');
    const sent = await s.api<BankDeposit>(
      '/api/funding/bank/deposit',
      { amount: '100', proof: await uploadImage(s, d.token), reference: 'EXPOSURE' },
      { token: d.token },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const approved = await s.api(
      '/api/admin/funding/bank/approve',
      { id: sent.body.data.id },
      { token: await adminToken() },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    // 05-18 00:00:10, nothing run since 05-13: both deadlines (05-17 12:00) have passed. C's booking,
    // short of its target, will lapse: no longer owed. D's reached it: owed until the settlement pays.
    // Earn, days through 06-16: A 05-13 .. 06-16 = 35 x 5 = 175; B 05-13 .. 05-17 = 5 x 1.66665 =
    // 8.33325. Total 175 + 8.33325 + 15.5 = 198.83325; left 986.6667 - 198.83325 = 787.83345.
    at('2027-05-18T00:00:10Z');
    expect(await usdt('live')).toMatchObject({
      balance: '986.6667',
      owed: { earn: '183.33325', activity: '15.5' },
      total: '198.83325',
      left: '787.83345',
    });
    // The jobs pay it all: 25 + 8.33325 yield (B ends) and D's 15.5 bonus; C's booking lapses.
    // 986.6667 - 48.83325 = 937.83345; A still owes 05-18 .. 06-16 = 30 x 5 = 150; left unchanged.
    await runJobs();
    expect(await usdt('live')).toMatchObject({
      balance: '937.83345',
      owed: { earn: '150', activity: '0' },
      total: '150',
      left: '787.83345',
      short: false,
    });
    // Demo: the subscription ended (25 more paid): the treasury is below zero, nothing more owed.
    expect(await usdt('demo')).toMatchObject({
      balance: '-15',
      owed: { earn: '0', activity: '0' },
      total: '0',
      left: '-15',
      short: true,
    });
  });

  it('answers any operator, not a user', async () => {
    const reviewer = { email: 'exposure.reviewer@test.local', password: 'Reviewer-pass-1' };
    expect(
      (await s.api('/api/admin/operators', { ...reviewer, role: 'reviewer' }, { token: await adminToken() }))
        .body.code,
    ).toBe(200);
    const token = (await s.api<{ token: string }>('/api/admin/login', reviewer)).body.data.token;
    expect((await s.api<TreasuryExposure>(PATH, undefined, { token })).body.data.days).toBe(30);
    const user = await registerUser(s);
    const refused = await s.api(PATH, undefined, { token: user.token });
    expect(refused.status).toBe(401);
  });
});
