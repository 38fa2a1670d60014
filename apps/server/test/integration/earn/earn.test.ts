import { randomUUID } from 'node:crypto';
import { parseUnits } from '@otc/core';
import type { Session } from '@otc/protocol/auth/schemas';
import type { AdminEarnProduct, EarnProducts } from '@otc/protocol/earn/schemas';
import type { NoticeList } from '@otc/protocol/notifications/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accrueAll, accrueBatch } from '../../../src/earn/index.ts';
import { earnJobs } from '../../../src/earn/jobs.ts';
import { deposit, PASSWORD, registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import {
  at,
  funding,
  redeem,
  sevenDayProduct,
  subscribe,
  subscriptionOf,
  treasury,
} from './earn-fixtures.ts';

describe.each(DATABASES)('earn products on %s', (kind) => {
  let s: TestServer;
  let product: string;
  /** A live user with 10,000 USDT in funding. */
  const rich = async () => {
    const u = await registerUser(s);
    await deposit(s, u.user.id, 'USDT', '10000');
    return u;
  };
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
    // Ahead of the machine's time (the jobs are scheduled from it), and moved forward only.
    manualClock(s).set(Date.parse('2027-03-01T00:00:00Z'));
    product = await sevenDayProduct(s);
  });
  afterAll(() => s.close());

  it('lists the open products, typed and at the seed’s path', async () => {
    const typed = await s.api<EarnProducts>('/api/earn/products', {});
    expect(typed.body.code).toBe(200);
    const mine = typed.body.data.items.find((p) => p.id === product);
    expect(mine).toEqual({
      id: product,
      kind: 'managed',
      name: 'Test 7 days',
      asset: 'USDT',
      minAmount: '100',
      maxAmount: '100000',
      cycleDays: 7,
      rateMin: '0.005',
      rateMax: '0.005',
      penaltyRate: '0.02',
    });
    // The migration's samples: one of each kind.
    expect(new Set(typed.body.data.items.map((p) => p.kind))).toEqual(
      new Set(['managed', 'arbitrage', 'mining']),
    );
    const mining = await s.api<EarnProducts>('/api/earn/products', { kind: 'mining' });
    expect(mining.body.data.items.every((p) => p.kind === 'mining')).toBe(true);
    const seed = await s.api<{ list: unknown[] }>('/api/common/cryptofinance', {});
    expect(seed.body.data.list).toEqual(typed.body.data.items);
  });

  it('runs a 7-day product to its end: 5 USDT a day from the treasury, principal back after the 7th day', async () => {
    await at(s, '2027-03-02T10:00:00Z');
    const u = await rich();
    const t0 = await treasury(s);
    const sub = await subscribe(s, u.token, { productId: product, amount: '1000', tradePassword: PASSWORD });
    expect(sub.body.code, JSON.stringify(sub.body)).toBe(200);
    // 1000 USDT x 0.5%/day = 5.00000000 a day; 7 days = 35.
    expect(sub.body.data).toMatchObject({
      amount: '1000',
      dailyRate: '0.005',
      dailyYield: '5',
      expectedEarnings: '35',
      status: 'pending',
      locked: true,
      startDate: '2027-03-03',
      endDate: '2027-03-09',
      nextPayoutAt: '2027-03-04T00:00:00.000Z',
      cumulativeProfit: '0',
      remainingDays: 7,
      penaltyRate: '0.02',
      penalty: null,
    });
    // The principal is locked in funding: 10000 - 1000 available, 1000 frozen.
    expect(await funding(s, u.user.id)).toEqual({ available: '9000', frozen: '1000' });

    // 03-03 has begun, not ended: earning, nothing owed.
    await at(s, '2027-03-03T12:00:00Z');
    expect(await subscriptionOf(s, u.token, sub.body.data.id)).toMatchObject({
      status: 'in_progress',
      cumulativeProfit: '0',
      remainingDays: 7,
    });
    expect(await funding(s, u.user.id)).toEqual({ available: '9000', frozen: '1000' });

    // 00:00 on 03-04: day one (03-03) is paid, 5.
    await at(s, '2027-03-04T00:00:10Z');
    expect(await funding(s, u.user.id)).toEqual({ available: '9005', frozen: '1000' });
    expect(await subscriptionOf(s, u.token, sub.body.data.id)).toMatchObject({
      cumulativeProfit: '5',
      todayProfit: '5',
      remainingDays: 6,
      nextPayoutAt: '2027-03-05T00:00:00.000Z',
    });
    // Run again, the same day: nothing more.
    await at(s, '2027-03-04T00:05:00Z');
    expect(await funding(s, u.user.id)).toEqual({ available: '9005', frozen: '1000' });

    // Nothing runs until 03-10: the six days left (03-04 .. 03-09) are paid at once, 6 x 5 = 30,
    // and the principal comes back: 9005 + 30 + 1000 = 10035 available, nothing frozen.
    await at(s, '2027-03-10T00:00:10Z');
    expect(await funding(s, u.user.id)).toEqual({ available: '10035', frozen: '0' });
    const ended = await subscriptionOf(s, u.token, sub.body.data.id);
    expect(ended).toMatchObject({
      status: 'ended',
      endReason: 'matured',
      locked: false,
      cumulativeProfit: '35',
      totalEarnings: '35',
      remainingDays: 0,
      nextPayoutAt: null,
    });
    // The treasury paid exactly the 35.
    expect(Number(await treasury(s)) - Number(t0)).toBe(-35);
    // Paid through its last day, 03-03 .. 03-09: seven days of 5 (decision 0149: no row per day, the
    // subscription says it), and the ledger moved exactly that to the owner's account as yield.
    const [paid] = await s.db.query<{ paid_through: string; paid_total: string; posted: string }>(
      `SELECT s.paid_through::text AS paid_through, s.paid_total::text AS paid_total,
              (SELECT sum(e.amount) FROM journal_entries e JOIN journal j ON j.id = e.journal_id
               WHERE j.kind = 'earn.yield' AND e.account_id = s.account_id)::text AS posted
       FROM earn_subscriptions s WHERE s.id = $1`,
      [sub.body.data.id],
    );
    expect(paid?.paid_through).toBe('2027-03-09');
    expect(parseUnits(paid?.paid_total ?? '')).toBe(parseUnits('35'));
    expect(parseUnits(paid?.posted ?? '')).toBe(parseUnits('35'));
    // Later runs change nothing.
    await at(s, '2027-03-12T00:00:10Z');
    expect(await funding(s, u.user.id)).toEqual({ available: '10035', frozen: '0' });
  });

  it('redeems early: the days over are paid first, the penalty capped at the yield paid', async () => {
    await at(s, '2027-04-01T10:00:00Z');
    const u = await rich();
    const t0 = await treasury(s);
    const sub = await subscribe(s, u.token, { productId: product, amount: '1000', tradePassword: PASSWORD });
    expect(sub.body.code, JSON.stringify(sub.body)).toBe(200);
    // 04-04 00:00:30, the job not run since: days 04-02 and 04-03 are over, 2 x 5 = 10 owed.
    manualClock(s).set(Date.parse('2027-04-04T00:00:30Z'));
    const out = await redeem(s, u.token, { id: sub.body.data.id, tradePassword: PASSWORD });
    expect(out.body.code, JSON.stringify(out.body)).toBe(200);
    // Penalty 1000 x 2% = 20, capped at the 10 paid: 10 kept, 990 back.
    // 9000 + 10 + 990 = 10000: the user ends where they began, never below their principal.
    expect(out.body.data).toMatchObject({
      status: 'ended',
      endReason: 'redeemed',
      cumulativeProfit: '10',
      penalty: '10',
      totalEarnings: '0',
    });
    expect(await funding(s, u.user.id)).toEqual({ available: '10000', frozen: '0' });
    // The treasury paid 10 and got 10 back.
    expect(Number(await treasury(s)) - Number(t0)).toBe(0);
    // The same request again answers the same, moving nothing.
    const again = await s.api(
      '/api/earn/redeem',
      { id: sub.body.data.id, tradePassword: PASSWORD, idempotencyKey: randomUUID() },
      { token: u.token },
    );
    expect(again.body.data.error).toBe('earn_subscription_ended');
  });

  it('keeps back the whole penalty once the yield paid exceeds it', async () => {
    await at(s, '2027-05-01T10:00:00Z');
    const u = await rich();
    const t0 = await treasury(s);
    const sub = await subscribe(s, u.token, { productId: product, amount: '1000', tradePassword: PASSWORD });
    // 05-07: days 05-02 .. 05-06 paid by the job, 5 x 5 = 25.
    await at(s, '2027-05-07T08:00:00Z');
    expect(await funding(s, u.user.id)).toEqual({ available: '9025', frozen: '1000' });
    const key = randomUUID();
    const body = { id: sub.body.data.id, tradePassword: PASSWORD, idempotencyKey: key };
    const out = await s.api('/api/earn/redeem', body, { token: u.token });
    expect(out.body.code, JSON.stringify(out.body)).toBe(200);
    // Penalty 1000 x 2% = 20 (< 25 paid): 980 back; 9025 + 980 = 10005, a net 5 earned.
    expect(out.body.data).toMatchObject({ penalty: '20', cumulativeProfit: '25', totalEarnings: '5' });
    expect(await funding(s, u.user.id)).toEqual({ available: '10005', frozen: '0' });
    // Treasury: -25 paid, +20 penalty.
    expect(Number(await treasury(s)) - Number(t0)).toBe(-5);
    // The same key and body again: the first answer, nothing moved.
    const again = await s.api('/api/earn/redeem', body, { token: u.token });
    expect(again.body.data).toEqual(out.body.data);
    expect(await funding(s, u.user.id)).toEqual({ available: '10005', frozen: '0' });
  });

  it('refuses bad input with a translated error and changes nothing', async () => {
    await at(s, '2027-06-01T10:00:00Z');
    const u = await rich();
    const other = await rich();
    const theirs = await subscribe(s, other.token, {
      productId: product,
      amount: '500',
      tradePassword: PASSWORD,
    });
    expect(theirs.body.code).toBe(200);
    const closed = await sevenDayProduct(s, { name: 'Closed', status: 'closed' });
    const before = await funding(s, u.user.id);
    const count = async () =>
      Number((await s.db.query<{ n: string }>('SELECT count(*)::text AS n FROM earn_subscriptions'))[0]?.n);
    const n0 = await count();
    const refused = async (
      res: Promise<{ status: number; body: { data: { error?: string; field?: string }; msg: string } }>,
      error: string,
      status: number,
    ) => {
      const r = await res;
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.data.error).toBe(error);
      return r;
    };
    const ok = { productId: product, amount: '1000', tradePassword: PASSWORD };
    await refused(subscribe(s, u.token, { ...ok, productId: '999999' }), 'earn_product_unknown', 404);
    await refused(subscribe(s, u.token, { ...ok, productId: closed }), 'earn_product_closed', 409);
    const low = await refused(
      subscribe(s, u.token, { ...ok, amount: '99.99' }, 'de'),
      'earn_amount_below_min',
      400,
    );
    expect(low.body.msg).toBe('Der Mindestbetrag für dieses Produkt beträgt 100,00 USDT.');
    expect(low.body.data.field).toBe('amount');
    await refused(subscribe(s, u.token, { ...ok, amount: '100000.01' }), 'earn_amount_above_max', 400);
    await refused(subscribe(s, u.token, { ...ok, amount: '100.1234567' }), 'amount_precision', 400);
    await refused(
      subscribe(s, u.token, { ...ok, tradePassword: 'Wrong-pass-1' }),
      'trade_password_wrong',
      400,
    );
    await refused(subscribe(s, u.token, { productId: product, amount: '1000' }), 'field_required', 400);
    // 10000 held, 20000 asked: the ledger refuses.
    await refused(subscribe(s, u.token, { ...ok, amount: '20000' }), 'insufficient_balance', 400);
    // One key, two bodies: the second is refused.
    const key = randomUUID();
    expect((await subscribe(s, u.token, { ...ok, idempotencyKey: key })).body.code).toBe(200);
    const afterFirst = await funding(s, u.user.id);
    expect(afterFirst).toEqual({ available: String(Number(before.available) - 1000), frozen: '1000' });
    await refused(
      subscribe(s, u.token, { ...ok, amount: '2000', idempotencyKey: key }),
      'idempotency_conflict',
      409,
    );
    // Another user's subscription by id: not found, whoever asks.
    await refused(
      redeem(s, u.token, { id: theirs.body.data.id, tradePassword: PASSWORD }),
      'earn_subscription_unknown',
      404,
    );
    await refused(
      redeem(s, u.token, { id: '999999', tradePassword: PASSWORD }),
      'earn_subscription_unknown',
      404,
    );
    expect(await funding(s, u.user.id)).toEqual(afterFirst);
    expect(await funding(s, other.user.id)).toEqual({ available: '9500', frozen: '500' });
    expect(await count()).toBe(n0 + 1);
  });

  it('pays a day once, however many times, across a restart and from however many connections the accrual runs', async () => {
    await at(s, '2027-07-01T10:00:00Z');
    const users = await Promise.all([rich(), rich(), rich()]);
    // Ids 99, 100, 101: a batch walks them in number order, not as text ('100' < '101' < '99').
    await s.db.query(`SELECT setval('earn_subscriptions_id_seq', 98)`);
    const ids: string[] = [];
    for (const u of users) {
      const sub = await subscribe(s, u.token, {
        productId: product,
        amount: '2000',
        tradePassword: PASSWORD,
      });
      expect(sub.body.code).toBe(200);
      ids.push(sub.body.data.id);
    }
    expect(ids).toEqual(['99', '100', '101']);
    const t0 = await treasury(s);
    // 07-04 00:00: two days over (07-02, 07-03) for each; nobody ran the job. 2000 x 0.5% = 10 a day.
    const now = Date.parse('2027-07-04T00:00:01Z');
    manualClock(s).set(now);
    // A batch of two takes the two lowest (every earlier subscription ended in June): 99 and 100.
    const first = await s.db.tx((q) => accrueBatch(q, now, { limit: 2 }));
    expect(first).toMatchObject({ paid: 2, more: true, lastId: '100' });
    // A restart between batches (the ledger check runs at it): the new process goes on where the rows say.
    s = await s.restart();
    // Then two at once (two connections on PostgreSQL) from the start: 101 alone is owed, paid by one.
    const [a, b] = await Promise.all([accrueAll(s.db, now, 2), accrueAll(s.db, now, 2)]);
    expect(a.paid + b.paid).toBe(1);
    await accrueAll(s.db, now);
    await s.db.tx((q) => accrueBatch(q, now));
    for (const u of users) expect(await funding(s, u.user.id)).toEqual({ available: '8020', frozen: '2000' });
    // 3 users x 2 days x 10 = 60 from the treasury, once.
    expect(Number(await treasury(s)) - Number(t0)).toBe(-60);
  });

  it('lets a demo user subscribe in the demo realm only, paid by the demo treasury', async () => {
    await at(s, '2027-08-01T10:00:00Z');
    const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const before = await funding(s, demo.user.id, 'demo');
    const liveTreasury = await treasury(s);
    const demoTreasury = await treasury(s, 'demo');
    const sub = await subscribe(s, demo.token, { productId: product, amount: '1000' });
    expect(sub.body.code, JSON.stringify(sub.body)).toBe(200);
    const [row] = await s.db.query<{ realm: string }>('SELECT realm FROM earn_subscriptions WHERE id = $1', [
      sub.body.data.id,
    ]);
    expect(row?.realm).toBe('demo');
    await at(s, '2027-08-03T00:00:10Z');
    // One day (08-02) paid, 5, in the demo realm; the live treasury untouched.
    expect(await funding(s, demo.user.id, 'demo')).toEqual({
      available: String(Number(before.available) - 1000 + 5),
      frozen: '1000',
    });
    expect(await funding(s, demo.user.id, 'live')).toEqual({ available: '0', frozen: '0' });
    expect(await treasury(s)).toBe(liveTreasury);
    expect(Number(await treasury(s, 'demo')) - Number(demoTreasury)).toBe(-5);
  });

  it('lets admins shape products for new subscriptions only, audited; refuses settings that make no sense', async () => {
    await at(s, '2027-09-01T09:00:00Z');
    const admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
    const save = (body: Record<string, unknown>) =>
      s.api<AdminEarnProduct>(
        '/api/admin/earn/products/save',
        {
          kind: 'arbitrage',
          name: 'Ranged',
          minAmount: '100',
          maxAmount: '10100',
          cycleDays: 15,
          rateMin: '0.001',
          rateMax: '0.002',
          penaltyRate: '0.05',
          status: 'open',
          ...body,
        },
        { token: admin },
      );
    expect((await save({ rateMax: '0.0009' })).body.data).toMatchObject({
      error: 'earn_product_rates',
      field: 'rateMax',
    });
    expect((await save({ rateMax: '5' })).body.data.error).toBe('earn_product_rates');
    expect((await save({ maxAmount: '50' })).body.data.error).toBe('earn_product_amounts');
    expect((await save({ penaltyRate: '2' })).body.data.error).toBe('earn_product_penalty');
    const made = await save({});
    expect(made.body.code, JSON.stringify(made.body)).toBe(200);
    // A user at 5100 gets the range's middle: 0.001 + 0.001 x (5100 - 100) / 10000 = 0.0015.
    manualClock(s).set(Date.parse('2027-09-01T10:00:00Z'));
    const u = await rich();
    const sub = await subscribe(s, u.token, {
      productId: made.body.data.id,
      amount: '5100',
      tradePassword: PASSWORD,
    });
    // 5100 x 0.0015 = 7.65 a day, 15 days = 114.75.
    expect(sub.body.data).toMatchObject({
      dailyRate: '0.0015',
      dailyYield: '7.65',
      expectedEarnings: '114.75',
    });
    // A later change reaches new subscriptions only.
    const changed = await save({
      id: made.body.data.id,
      rateMin: '0.003',
      rateMax: '0.003',
      penaltyRate: '0.08',
    });
    expect(changed.body.data).toMatchObject({
      rateMin: '0.003',
      penaltyRate: '0.08',
      activeSubscriptions: 1,
      lockedPrincipal: '5100',
    });
    // The subscription keeps the rate and the penalty rate it began with (the redeem preview reads it).
    expect(await subscriptionOf(s, u.token, sub.body.data.id)).toMatchObject({
      dailyRate: '0.0015',
      penaltyRate: '0.05',
    });
    const audit = await s.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target = $1 ORDER BY id`,
      [`earn_product:${made.body.data.id}`],
    );
    expect(audit.map((a) => a.action)).toEqual(['earn.product.create', 'earn.product.update']);
    const list = await s.api<{ items: AdminEarnProduct[] }>('/api/admin/earn/products', undefined, {
      token: admin,
    });
    expect(list.body.data.items.find((p) => p.id === made.body.data.id)?.status).toBe('open');
  });

  it('walks the day in runs of one batch each, then skips the scan until the next day', async () => {
    await at(s, '2027-10-01T10:00:00Z');
    const users = await Promise.all([rich(), rich(), rich()]);
    for (const u of users)
      expect(
        (await subscribe(s, u.token, { productId: product, amount: '1000', tradePassword: PASSWORD })).body
          .code,
      ).toBe(200);
    // The job as the runner runs it, one subscription a run: run, then committed.
    const job = earnJobs(s.ctx, 1)[0] as NonNullable<ReturnType<typeof earnJobs>[0]>;
    const now = new Date('2027-10-03T00:00:05Z');
    const runOnce = async () => {
      const result = await s.db.tx((q) =>
        job.run(q, { id: '0', name: job.name, key: '', payload: null, attempt: 1, now }, undefined),
      );
      await job.committed?.(result, { id: '0', name: job.name, key: '', payload: null, attempt: 1, now });
      return result as { paid: number; more: boolean };
    };
    // 10-02 is owed (1000 x 0.5% = 5 each): one a run, the walk going on from the last id.
    expect(await runOnce()).toMatchObject({ paid: 1, more: true });
    expect(await runOnce()).toMatchObject({ paid: 1, more: true });
    expect(await runOnce()).toMatchObject({ paid: 1, more: true });
    // The walk's end: nothing after the last id; then the day is complete and the scan skipped.
    expect(await runOnce()).toMatchObject({ paid: 0, more: false });
    expect(await runOnce()).toMatchObject({ paid: 0, more: false, walk: { complete: true } });
    for (const u of users) expect(await funding(s, u.user.id)).toEqual({ available: '9005', frozen: '1000' });
  });

  it('tells the owner once when a subscription matures: the principal back with the cycle’s yield', async () => {
    await at(s, '2027-11-01T10:00:00Z');
    const u = await rich();
    const sub = await subscribe(s, u.token, { productId: product, amount: '1000', tradePassword: PASSWORD });
    expect(sub.body.code, JSON.stringify(sub.body)).toBe(200);
    // Another, four days later: still running when the first matures.
    await at(s, '2027-11-05T10:00:00Z');
    const later = await rich();
    expect(
      (await subscribe(s, later.token, { productId: product, amount: '1000', tradePassword: PASSWORD })).body
        .code,
    ).toBe(200);
    const matured = async (token: string, lang = 'en') =>
      (await s.api<NoticeList>('/api/common/noticelist', {}, { token, lang })).body.data.items.filter(
        (n) => n.kind === 'earn.matured',
      );
    // Days paid, not yet over: no notice.
    expect(await matured(u.token)).toEqual([]);

    // 11-09 00:00: the last of the 7 days (11-02 .. 11-08) is paid and the principal comes back.
    // The job runs twice, and the accrual once more by hand: the notice is written once.
    await at(s, '2027-11-09T00:00:10Z');
    await at(s, '2027-11-09T00:00:30Z');
    await accrueAll(s.db, Date.parse('2027-11-09T00:00:40Z'));
    expect(await funding(s, u.user.id)).toEqual({ available: '10035', frozen: '0' });
    const told = await matured(u.token);
    expect(told).toHaveLength(1);
    // 1000 x 0.5% = 5 a day, 7 days = 35 earned; amounts shown by the app's rule for USDT.
    expect(told[0]).toMatchObject({
      title: 'Earn subscription matured',
      body: '“Test 7 days” has ended: your principal of 1,000.00 USDT is back in your funding account, with the last day’s yield. It earned 35.00 USDT in all.',
      link: '/pages/earn/escrowOrders',
      read: false,
    });
    // In the reader's language, figures in its separators.
    expect((await matured(u.token, 'de'))[0]?.body).toContain('Ihr Kapital von 1.000,00 USDT');
    // The one still running is told nothing.
    expect(await matured(later.token)).toEqual([]);
    const rows = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE kind = 'earn.matured' AND user_id = $1`,
      [u.user.id],
    );
    expect(rows[0]?.n).toBe(1);
  });
});
