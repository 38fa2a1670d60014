import type {
  ActivityItem,
  ActivityList,
  AdminActivity,
  AdminActivityList,
} from '@otc/protocol/activity/schemas';
import type { AuditEntry } from '@otc/protocol/admin/schemas';
import type { Session } from '@otc/protocol/auth/schemas';
import type { BankDeposit } from '@otc/protocol/cashier/bank/schemas';
import type { NoticeList } from '@otc/protocol/notifications/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityModule } from '../../../src/activity/index.ts';
import { settleBookings } from '../../../src/activity/settle.ts';
import { checkLedger } from '../../../src/areas.ts';
import { PLATFORM_BANK, uploadImage } from '../cashier/bank-fixtures.ts';
import { registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REVIEWER = { email: 'activity.reviewer@test.local', password: 'Reviewer-pass-1' };

describe.each(DATABASES)('deposit-bonus activities on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // Users' sessions outlive the walks of the clock below; operators log in again at each step (12 h).
    s = await startServer(kind, { clock: 'manual', sessionDays: 365 });
    const admin = await adminToken();
    expect(
      (await s.api('/api/admin/operators', { ...REVIEWER, role: 'reviewer' }, { token: admin })).body.code,
    ).toBe(200);
    expect((await s.api('/api/admin/funding/bank/account', PLATFORM_BANK, { token: admin })).body.code).toBe(
      200,
    );
  });
  afterAll(() => s.close());

  const login = async (who: { email: string; password: string }) =>
    (await s.api<{ token: string }>('/api/admin/login', who)).body.data.token;
  const adminToken = () => login(ADMIN);
  const clock = () => manualClock(s);
  const at = (offsetMs: number) => new Date(clock().now() + offsetMs).toISOString();

  const create = async (body: Record<string, unknown>) => {
    const res = await s.api<AdminActivity>(
      '/api/admin/activity/create',
      {
        title: 'Deposit 100, get 15.5',
        target: '100',
        bonus: '15.5',
        startsAt: at(-HOUR),
        endsAt: at(30 * DAY),
        ...body,
      },
      { token: await adminToken() },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const join = (token: string, id: string, lang = 'en') =>
    s.api<ActivityItem>('/api/activity/joinactivity', { id }, { token, lang });
  const list = async (token: string, type?: string) =>
    (await s.api<ActivityList>('/api/activity/useractivity', type ? { type } : {}, { token })).body.data
      .items;
  const detail = async (token: string, id: string) =>
    (await s.api<ActivityItem>('/api/activity/detail', { id }, { token })).body.data;
  /** A bank deposit reported by the user and approved by a reviewer now: credited at the clock's time. */
  const bankDeposit = async (token: string, amount: string) => {
    const sent = await s.api<BankDeposit>(
      '/api/funding/bank/deposit',
      { amount, proof: await uploadImage(s, token), reference: 'ACT' },
      { token },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const approved = await s.api(
      '/api/admin/funding/bank/approve',
      { id: sent.body.data.id },
      { token: await login(REVIEWER) },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  };
  /** The recurring job as the runner runs it: the clock moves a minute, whatever is due runs. */
  const runJob = async () => {
    clock().advance(60_000);
    await s.jobs.runDue();
  };
  const fundingUsdt = async (userId: string) =>
    (
      await s.db.query<{ available: string }>(
        `SELECT available::text AS available FROM ledger_accounts
         WHERE realm = 'live' AND owner_type = 'user' AND owner = $1 AND kind = 'funding' AND asset = 'USDT'`,
        [userId],
      )
    )[0]?.available ?? '0';
  const bonusJournals = async (userId: string) =>
    s.db.query<{ subject: string; amount: string }>(
      `SELECT j.subject, e.amount::text AS amount FROM journal j
       JOIN journal_entries e ON e.journal_id = j.id JOIN ledger_accounts a ON a.id = e.account_id
       WHERE j.kind = 'activity.bonus' AND a.owner_type = 'user' AND a.owner = $1`,
      [userId],
    );
  const bookingsOf = async (userId: string) =>
    Number(
      (
        await s.db.query<{ n: string }>(
          'SELECT count(*)::text AS n FROM activity_bookings WHERE user_id = $1',
          [userId],
        )
      )[0]?.n,
    );

  it('pays the bonus once when deposits within 7 days of booking reach the target; two runs and two at once pay once', async () => {
    const activity = await create({});
    const u = await registerUser(s);
    // A deposit before booking does not count.
    await bankDeposit(u.token, '500');
    const listed = await list(u.token, 'available');
    expect(listed.find((i) => i.id === activity.id)).toMatchObject({
      phase: 'available',
      booking: null,
      target: '100',
      bonus: '15.5',
    });

    clock().advance(HOUR);
    const bookedAt = clock().date();
    const booked = await join(u.token, activity.id);
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.data.booking).toEqual({
      state: 'booked',
      bookedAt: bookedAt.toISOString(),
      deadline: new Date(bookedAt.getTime() + 7 * DAY).toISOString(),
      deposited: '0',
      remaining: '100',
      settledAt: null,
    });
    expect((await list(u.token, 'booked')).map((i) => i.id)).toContain(activity.id);
    expect((await list(u.token, 'available')).map((i) => i.id)).not.toContain(activity.id);

    // 60.25 on day 2: not enough yet; the job pays nothing and the booking stays open.
    clock().advance(2 * DAY);
    await bankDeposit(u.token, '60.25');
    await runJob();
    expect(await detail(u.token, activity.id)).toMatchObject({
      booking: { state: 'booked', deposited: '60.25', remaining: '39.75' },
    });
    expect(await bonusJournals(u.user.id)).toEqual([]);

    // 39.75 on day 6: exactly the target.
    clock().advance(4 * DAY);
    await bankDeposit(u.token, '39.75');
    // Bank deposits land in the fiat account: the funding account holds nothing before the bonus.
    expect(await fundingUsdt(u.user.id)).toBe('0');
    // Two passes at once (two instances) on the open booking: on PostgreSQL the second waits for the
    // first's row locks, then finds it no longer open. Then the job itself, twice.
    await Promise.all([
      s.db.tx((q) => settleBookings(q, clock().date())),
      s.db.tx((q) => settleBookings(q, clock().date())),
    ]);
    await runJob();
    await runJob();

    // 15.5 by hand: the bonus, once, from the treasury to the funding account.
    expect(await fundingUsdt(u.user.id)).toBe('15.500000000000000000');
    expect(await bonusJournals(u.user.id)).toEqual([
      { subject: 'Deposit 100, get 15.5', amount: '15.500000000000000000' },
    ]);
    expect(await detail(u.token, activity.id)).toMatchObject({
      phase: 'available',
      booking: { state: 'fulfilled', deposited: '100', remaining: '0' },
    });
    // Balance history names the movement and its activity.
    const history = await s.api<{ items: { kind: string; subject: string | null; amount: string }[] }>(
      '/api/assets/accountlog',
      { account: 'funding', asset: 'USDT' },
      { token: u.token },
    );
    expect(history.body.data.items[0]).toMatchObject({
      kind: 'activity.bonus',
      subject: 'Deposit 100, get 15.5',
      amount: '15.5',
    });
    // And the inbox tells the user once, naming the activity.
    const inbox = await s.api<NoticeList>('/api/common/noticelist', {}, { token: u.token });
    const bonuses = inbox.body.data.items.filter((n) => n.kind === 'activity.bonus.credited');
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({ title: 'Activity bonus credited', link: '/pages/index/activity' });
    expect(bonuses[0]?.body).toContain('“Deposit 100, get 15.5”');
    expect(await checkLedger(s.db)).toEqual([]);
  });

  it('pays once when two instances of the platform run their jobs at the same moment', async () => {
    const activity = await create({ title: 'Two instances', target: '50', bonus: '5' });
    const u = await registerUser(s);
    expect((await join(u.token, activity.id)).status).toBe(200);
    await bankDeposit(u.token, '50');
    // A second process on the same database, its clock at this one's.
    const other = await startServer(kind, { clock: 'manual', sessionDays: 365 }, undefined, s);
    try {
      manualClock(other).set(clock().now());
      clock().advance(60_000);
      manualClock(other).advance(60_000);
      await Promise.all([s.jobs.runDue(), other.jobs.runDue()]);
      await Promise.all([s.jobs.runDue(), other.jobs.runDue()]);
    } finally {
      await other.close();
    }
    expect(await bonusJournals(u.user.id)).toEqual([
      { subject: 'Two instances', amount: '5.000000000000000000' },
    ]);
    expect(await fundingUsdt(u.user.id)).toBe('5.000000000000000000');
    expect(await detail(u.token, activity.id)).toMatchObject({
      booking: { state: 'fulfilled', deposited: '50' },
    });
    expect(await checkLedger(s.db)).toEqual([]);
  });

  it('lets a booking lapse when the deposits fall short or come after the 7 days, and credits nothing', async () => {
    const activity = await create({ title: 'Short or late', target: '200', bonus: '20' });
    const short = await registerUser(s);
    const late = await registerUser(s);
    expect((await join(short.token, activity.id)).status).toBe(200);
    expect((await join(late.token, activity.id)).status).toBe(200);

    clock().advance(3 * DAY);
    await bankDeposit(short.token, '199.999999');
    // Just after the deadline: the late user's whole target arrives too late to count.
    clock().advance(4 * DAY + 1);
    await bankDeposit(late.token, '200');
    const before = [await fundingUsdt(short.user.id), await fundingUsdt(late.user.id)];
    await runJob();
    await runJob();

    expect(await detail(short.token, activity.id)).toMatchObject({
      booking: { state: 'lapsed', deposited: '199.999999', remaining: '0.000001' },
    });
    expect(await detail(late.token, activity.id)).toMatchObject({
      booking: { state: 'lapsed', deposited: '0' },
    });
    expect([await fundingUsdt(short.user.id), await fundingUsdt(late.user.id)]).toEqual(before);
    expect([...(await bonusJournals(short.user.id)), ...(await bonusJournals(late.user.id))]).toEqual([]);
    // Each is told, with what was counted.
    const lapses = async (token: string) =>
      (await s.api<NoticeList>('/api/common/noticelist', {}, { token })).body.data.items
        .filter((n) => n.kind === 'activity.booking.lapsed')
        .map((n) => n.title);
    expect(await lapses(short.token)).toEqual(['Activity booking lapsed']);
    expect(await lapses(late.token)).toEqual(['Activity booking lapsed']);
    // A lapsed booking is still the user's one booking of the activity.
    expect((await join(short.token, activity.id)).body.data.error).toBe('activity_already_booked');
    expect(await checkLedger(s.db)).toEqual([]);
  });

  it('refuses an unknown, ended, closed or future activity, a second booking and a demo user, translated, changing nothing', async () => {
    const open = await create({ title: 'Open' });
    const ending = await create({ title: 'Ending', endsAt: at(HOUR) });
    const closed = await create({ title: 'Closed' });
    const future = await create({ title: 'Future', startsAt: at(DAY), endsAt: at(2 * DAY) });
    const status = await s.api<AdminActivity>(
      '/api/admin/activity/status',
      { id: closed.id, status: 'closed' },
      { token: await adminToken() },
    );
    expect(status.body.data).toMatchObject({ status: 'closed', phase: 'ended' });
    clock().advance(HOUR);
    const u = await registerUser(s);

    const unknown = await join(u.token, '999999999');
    expect([unknown.status, unknown.body.data.error]).toEqual([404, 'activity_not_found']);
    for (const a of [ending, closed]) {
      const ended = await join(u.token, a.id);
      expect([ended.status, ended.body.data.error]).toEqual([409, 'activity_ended']);
      expect(ended.body.msg).toBe(
        'Activity has ended. Please contact customer service if you have any questions.',
      );
    }
    expect((await join(u.token, ending.id, 'de')).body.msg).toBe(
      'Die Aktion ist beendet. Bei Fragen wenden Sie sich bitte an den Kundenservice.',
    );
    expect((await join(u.token, future.id)).body.data.error).toBe('activity_not_started');
    expect((await list(u.token, 'ended')).map((i) => i.id)).toEqual(
      expect.arrayContaining([ending.id, closed.id]),
    );
    expect(await bookingsOf(u.user.id)).toBe(0);

    expect((await join(u.token, open.id)).status).toBe(200);
    const twice = await join(u.token, open.id);
    expect([twice.status, twice.body.data.error]).toEqual([409, 'activity_already_booked']);
    expect(await bookingsOf(u.user.id)).toBe(1);

    const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const refused = await join(demo.token, open.id);
    expect([refused.status, refused.body.data.error]).toEqual([403, 'activity_demo']);
    expect(await bookingsOf(demo.user.id)).toBe(0);
    // Bad bodies are refused by the contract.
    expect((await s.api('/api/activity/joinactivity', { id: 'x' }, { token: u.token })).status).toBe(400);
  });

  it('lets admins create and close activities, any operator read them with what they cost, and audits each change', async () => {
    const reviewer = await login(REVIEWER);
    const body = { title: 'Reviewer', target: '10', bonus: '1', startsAt: at(0), endsAt: at(DAY) };
    expect((await s.api('/api/admin/activity/create', body, { token: reviewer })).status).toBe(403);
    const count = async () =>
      Number((await s.db.query<{ n: string }>('SELECT count(*)::text AS n FROM activities'))[0]?.n);
    const n = await count();
    const admin = await adminToken();
    const bad = async (patch: Record<string, unknown>) =>
      (await s.api('/api/admin/activity/create', { ...body, ...patch }, { token: admin })).body.data;
    expect(await bad({ target: '0' })).toMatchObject({ error: 'activity_amount', field: 'target' });
    expect(await bad({ bonus: '1.0000001' })).toMatchObject({ error: 'activity_amount', field: 'bonus' });
    expect(await bad({ endsAt: at(-1) })).toMatchObject({ error: 'activity_period', field: 'endsAt' });
    expect(await bad({ target: '-5' })).toMatchObject({ error: 'field_invalid', field: 'target' });
    expect(
      (await s.api('/api/admin/activity/status', { id: '999999999', status: 'closed' }, { token: admin }))
        .status,
    ).toBe(404);
    expect(await count()).toBe(n);

    const made = await create({ title: 'Costed', target: '50', bonus: '2.5' });
    for (const _ of [1, 2, 3]) expect((await join((await registerUser(s)).token, made.id)).status).toBe(200);
    const listed = await s.api<AdminActivityList>('/api/admin/activity/list', undefined, { token: reviewer });
    expect(listed.body.data.items.find((a) => a.id === made.id)).toMatchObject({
      booked: 3,
      fulfilled: 0,
      lapsed: 0,
      paid: '0',
      owed: '7.5',
      status: 'active',
    });
    const audits = await s.api<{ items: AuditEntry[] }>(
      '/api/admin/audit?action=activity.create',
      undefined,
      { token: admin },
    );
    expect(audits.body.data.items.some((e) => e.target === made.id)).toBe(true);
    expect(activityModule.tables).toEqual(['activities', 'activity_bookings']);
  });
});
