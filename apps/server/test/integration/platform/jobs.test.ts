import { randomUUID } from 'node:crypto';
import type { AdminJobs } from '@otc/protocol/admin/schemas';
import type { Session } from '@otc/protocol/auth/schemas';
import type { SpotOrder } from '@otc/protocol/spot/schemas';
import type { VipInfo } from '@otc/protocol/vip/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jobs } from '../../../src/platform/jobs/jobs.ts';
import { defineJob } from '../../../src/platform/jobs/types.ts';
import { PLATFORM_JOBS } from '../../../src/platform/platform-jobs.ts';
import {
  ADMIN,
  buyWithUsdt,
  count,
  DATABASES,
  manualClock,
  SHARED_SETUPS,
  startPair,
  startServer,
  type TestServer,
} from '../support/harness.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const MARKS_SQL = 'CREATE TABLE IF NOT EXISTS job_marks (id bigserial PRIMARY KEY, key text NOT NULL)';

/** A job that writes one row per run, keyed by its own key (or a tag for a recurring job). */
const marking = (name: string, opts: { everyMs?: number; tag?: string; slowMs?: number } = {}) =>
  defineJob({
    name,
    ...(opts.everyMs ? { everyMs: opts.everyMs } : {}),
    run: async (q, job) => {
      await q.query('INSERT INTO job_marks (key) VALUES ($1)', [job.key || (opts.tag ?? name)]);
      // Hold the run's transaction a moment, so a racing runner has the chance to get in.
      if (opts.slowMs) await new Promise((r) => setTimeout(r, opts.slowMs));
    },
  });

interface JobRow {
  status: string;
  attempts: number;
  run_at: Date;
  last_result: string | null;
  last_error: string | null;
}
const jobRow = async (s: TestServer, name: string, key = '') =>
  (
    await s.db.query<JobRow>(
      'SELECT status, attempts, run_at, last_result, last_error FROM jobs WHERE name = $1 AND key = $2',
      [name, key],
    )
  )[0];

describe.each(DATABASES)('durable jobs on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // Sessions outlast the 31 days the VIP test moves the clock by.
    s = await startServer(kind, { clock: 'manual', sessionDays: 365 });
    await s.db.exec(MARKS_SQL);
  });
  /** An operator's session from the clock's now (the tests move it past the 12 hours one lasts). */
  const operator = async () => (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
  afterAll(() => s.close());

  const marks = async (key: string) =>
    Number(
      (await s.db.query<{ n: string }>('SELECT count(*)::text AS n FROM job_marks WHERE key = $1', [key]))[0]
        ?.n,
    );

  it('runs a recurring job when due, then one period on, and makes missed runs up with one', async () => {
    const clock = manualClock(s);
    const jobs = new Jobs(s.db, clock, s.ctx.log);
    jobs.define([marking('test.hourly', { everyMs: HOUR })]);
    const t0 = clock.now();
    await jobs.schedule();
    expect(await jobs.runDue()).toBe(1);
    expect(new Date((await jobRow(s, 'test.hourly'))?.run_at as Date).getTime()).toBe(t0 + HOUR);
    // Not due again until the hour is up.
    expect(await jobs.runDue()).toBe(0);
    clock.advance(HOUR - 1);
    expect(await jobs.runDue()).toBe(0);
    clock.advance(1);
    expect(await jobs.runDue()).toBe(1);
    expect(new Date((await jobRow(s, 'test.hourly'))?.run_at as Date).getTime()).toBe(t0 + 2 * HOUR);
    // Five and a half hours with no runner: one run, and the next keeps the job's phase.
    clock.advance(5.5 * HOUR);
    expect(await jobs.runDue()).toBe(1);
    expect(await marks('test.hourly')).toBe(3);
    const row = await jobRow(s, 'test.hourly');
    expect(new Date(row?.run_at as Date).getTime()).toBe(t0 + 7 * HOUR);
    expect(row).toMatchObject({ status: 'scheduled', attempts: 0, last_result: 'ok', last_error: null });
    // Starting again changes nothing: the row and its next run stay.
    await jobs.schedule();
    expect(new Date((await jobRow(s, 'test.hourly'))?.run_at as Date).getTime()).toBe(t0 + 7 * HOUR);
    // A new period in the code is taken on at the next start; the next run stays as it was.
    const slower = new Jobs(s.db, clock, s.ctx.log);
    slower.define([marking('test.hourly', { everyMs: 2 * HOUR })]);
    await slower.schedule();
    const [period] = await s.db.query<{ every_ms: string }>(
      `SELECT every_ms::text AS every_ms FROM jobs WHERE name = 'test.hourly'`,
    );
    expect(Number(period?.every_ms)).toBe(2 * HOUR);
    expect(new Date((await jobRow(s, 'test.hourly'))?.run_at as Date).getTime()).toBe(t0 + 7 * HOUR);
  });

  it('retries a failing job with growing delays, lists its error, and gives up after its attempts', async () => {
    const clock = manualClock(s);
    const jobs = new Jobs(s.db, clock, s.ctx.log);
    let calls = 0;
    jobs.define([
      defineJob({
        name: 'test.flaky',
        run: async (q, job) => {
          calls += 1;
          // Written, then rolled back with the failure: only the successful run's row stays.
          await q.query('INSERT INTO job_marks (key) VALUES ($1)', [job.key]);
          if (job.attempt < 4) throw new Error(`boom ${job.attempt}`);
        },
      }),
      defineJob({
        name: 'test.hopeless',
        maxAttempts: 2,
        run: async () => {
          throw new Error('never works');
        },
      }),
    ]);
    const key = randomUUID();
    await jobs.enqueue(s.db, 'test.flaky', { key });
    // The same name and key again is the same job.
    expect(await jobs.enqueue(s.db, 'test.flaky', { key })).toBeUndefined();

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = clock.now();
      expect(await jobs.runDue()).toBe(1);
      const row = await jobRow(s, 'test.flaky', key);
      expect(row).toMatchObject({ status: 'scheduled', attempts: attempt, last_result: 'failed' });
      expect(row?.last_error).toBe(`boom ${attempt}`);
      const wait = new Date(row?.run_at as Date).getTime() - before;
      waits.push(wait);
      // Not a moment early.
      clock.advance(wait - 1);
      expect(await jobs.runDue()).toBe(0);
      clock.advance(1);
    }
    expect(waits).toEqual([5_000, 10_000, 20_000]);
    expect(await jobs.runDue()).toBe(1);
    expect(calls).toBe(4);
    expect(await marks(key)).toBe(1);
    expect(await jobRow(s, 'test.flaky', key)).toMatchObject({
      status: 'done',
      attempts: 4,
      last_result: 'ok',
      last_error: null,
    });

    await jobs.enqueue(s.db, 'test.hopeless', { key: 'x' });
    expect(await jobs.runDue()).toBe(1);
    clock.advance(5_000);
    expect(await jobs.runDue()).toBe(1);
    clock.advance(DAY);
    expect(await jobs.runDue()).toBe(0);
    expect(await jobRow(s, 'test.hopeless', 'x')).toMatchObject({
      status: 'failed',
      attempts: 2,
      last_error: 'never works',
    });

    // The back office lists the jobs and their failures.
    const listed = await s.api<AdminJobs>('/api/admin/jobs', undefined, { token: await operator() });
    expect(listed.status).toBe(200);
    const { jobs: rows, runs, failures } = listed.body.data;
    expect(rows.find((j) => j.name === 'test.flaky' && j.key === key)).toMatchObject({
      status: 'done',
      attempts: 4,
      lastResult: 'ok',
      everyMs: null,
    });
    expect(rows.find((j) => j.name === 'test.hopeless')).toMatchObject({
      status: 'failed',
      lastResult: 'failed',
      lastError: 'never works',
      maxAttempts: 2,
    });
    expect(rows.find((j) => j.name === 'vip.recompute')).toMatchObject({ everyMs: HOUR, key: '' });
    expect(failures.filter((r) => r.name === 'test.flaky').map((r) => [r.attempt, r.error])).toEqual([
      [3, 'boom 3'],
      [2, 'boom 2'],
      [1, 'boom 1'],
    ]);
    expect(runs[0]).toMatchObject({ name: 'test.hopeless', ok: false, attempt: 2, runner: jobs.runner });
  });

  it('reads a job’s prepare before its transaction and hands it to the work; a failing prepare is a failed run, retried', async () => {
    const clock = manualClock(s);
    const jobs = new Jobs(s.db, clock, s.ctx.log);
    const key = randomUUID();
    let fail = true;
    jobs.define([
      defineJob({
        name: 'test.prepared',
        // On the database itself, not the run's transaction (on PGlite it would wait for that one for ever).
        prepare: async (job) => {
          if (fail) throw new Error('the node is away');
          const [row] = await s.db.query<{ n: string }>(
            'SELECT count(*)::text AS n FROM job_marks WHERE key = $1',
            [job.key],
          );
          return `${job.key}:${row?.n}`;
        },
        run: async (q, _job, read: string) => {
          await q.query('INSERT INTO job_marks (key) VALUES ($1)', [read]);
        },
      }),
    ]);
    await jobs.enqueue(s.db, 'test.prepared', { key });
    expect(await jobs.runDue()).toBe(1);
    expect(await jobRow(s, 'test.prepared', key)).toMatchObject({
      status: 'scheduled',
      last_result: 'failed',
      last_error: 'the node is away',
    });
    expect(await marks(`${key}:0`)).toBe(0);
    fail = false;
    clock.advance(HOUR);
    expect(await jobs.runDue()).toBe(1);
    expect(await jobRow(s, 'test.prepared', key)).toMatchObject({ status: 'done', last_result: 'ok' });
    expect(await marks(`${key}:0`)).toBe(1);
  });

  it('shows the jobs to operators only, and in the API docs', async () => {
    expect((await s.api('/api/admin/jobs')).status).toBe(401);
    const user = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const refused = await s.api('/api/admin/jobs', undefined, { token: user.token, lang: 'de' });
    expect(refused.status).toBe(401);
    expect(refused.body.data.error).toBe('unauthorized');
    const docs = (await (await fetch(`${s.url}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(docs.paths)).toContain('/api/admin/jobs');
  });

  it('runs each job once when two runners race for them', async () => {
    const clock = manualClock(s);
    const one = new Jobs(s.db, clock, s.ctx.log);
    const two = new Jobs(s.db, clock, s.ctx.log);
    for (const jobs of [one, two])
      jobs.define([
        marking('test.race', { slowMs: 5 }),
        marking('test.race-hourly', { everyMs: HOUR, slowMs: 5 }),
      ]);
    await one.schedule();
    await two.schedule();
    const keys = Array.from({ length: 20 }, () => randomUUID());
    await s.db.tx(async (q) => {
      for (const key of keys) await one.enqueue(q, 'test.race', { key });
    });
    const [a, b] = await Promise.all([one.runDue(), two.runDue()]);
    expect(a + b).toBe(21);
    for (const key of keys) expect(await marks(key)).toBe(1);
    expect(await marks('test.race-hourly')).toBe(1);
    expect(await count(s.db, "job_runs WHERE name IN ('test.race', 'test.race-hourly')")).toBe(21);
  });

  it('keeps a late runner’s work out once its lease was taken over', async () => {
    const clock = manualClock(s);
    const slow = new Jobs(s.db, clock, s.ctx.log);
    const other = new Jobs(s.db, clock, s.ctx.log);
    const lease = { leaseMs: 60_000 };
    slow.define([{ ...marking('test.lease'), ...lease }]);
    other.define([{ ...marking('test.lease'), ...lease }]);
    const key = randomUUID();
    await slow.enqueue(s.db, 'test.lease', { key });
    // The slow runner claims, then stalls past its lease before it starts the work.
    const claimed = await slow.claim();
    expect(claimed?.row.key).toBe(key);
    expect(await other.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await other.runDue()).toBe(1);
    // Its token no longer holds the job: it does nothing and records nothing.
    expect(await slow.runClaimed(claimed as NonNullable<typeof claimed>)).toBe('lost');
    expect(await marks(key)).toBe(1);
    expect(await jobRow(s, 'test.lease', key)).toMatchObject({
      status: 'done',
      attempts: 2,
      last_result: 'ok',
    });
    const runs = await s.db.query<{ runner: string }>(
      `SELECT runner FROM job_runs WHERE job_id = (SELECT id FROM jobs WHERE name = 'test.lease' AND key = $1)`,
      [key],
    );
    expect(runs).toEqual([{ runner: other.runner }]);
  });

  it('recomputes VIP levels and publishes the proof snapshot as jobs, on the clock', async () => {
    const clock = manualClock(s);
    // The areas' recurring jobs were due when the app started: run them.
    await s.jobs.runDue();
    const snapshots = await count(s.db, 'proof_snapshots');
    expect(snapshots).toBeGreaterThanOrEqual(1);

    s.market.onTick('BTC/USDT', '60000', '1', clock.now(), 'test');
    const demo = async () => (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const seller = await demo();
    const buyer = await demo();
    await buyWithUsdt(s, seller.token, 'BTC', '70000');
    const order = (token: string, body: Record<string, unknown>) =>
      s.api<SpotOrder>(
        '/api/spot/order',
        { symbol: 'BTC/USDT', idempotencyKey: randomUUID(), ...body },
        { token },
      );
    expect(
      (await order(seller.token, { side: 'sell', type: 'limit', price: '60000', qty: '1' })).status,
    ).toBe(200);
    expect(
      (await order(buyer.token, { side: 'buy', type: 'limit', price: '60000', qty: '1' })).body.data.status,
    ).toBe('filled');
    // The fill's activity records (buyer and seller) carry the clock's time, as the VIP window reads it.
    const stamps = await s.db.query<{ created_at: Date }>(
      'SELECT created_at FROM trade_activity ORDER BY id DESC LIMIT 2',
    );
    expect(stamps.map((r) => new Date(r.created_at).getTime())).toEqual([clock.now(), clock.now()]);
    const level = async () => {
      const r = await s.api<VipInfo>('/api/vip/info', {}, { token: buyer.token });
      if (r.status !== 200) throw new Error(JSON.stringify(r.body));
      return r.body.data.level;
    };

    // Until the job's next run nothing is due: the level waits for it.
    const next = new Date((await jobRow(s, 'vip.recompute'))?.run_at as Date).getTime();
    expect(next).toBeGreaterThan(clock.now());
    clock.set(next - 1);
    // Other areas' frequent jobs (positions' funding every minute, the seconds contracts' settlement
    // every 5 s) may run meanwhile; the VIP recompute is not due yet, so it keeps its run time.
    await s.jobs.runDue();
    expect(new Date((await jobRow(s, 'vip.recompute'))?.run_at as Date).getTime()).toBe(next);
    expect(await level()).toBe(0);
    clock.set(next);
    await s.jobs.runDue();
    expect(await level()).toBe(1);
    // A day on, the snapshot is due again; the trade's volume is still inside the 30 days.
    clock.advance(DAY);
    await s.jobs.runDue();
    expect(await count(s.db, 'proof_snapshots')).toBe(snapshots + 1);
    expect(await level()).toBe(1);
    // 31 days on, the trade has left the window and the next run puts the buyer back at VIP0.
    clock.advance(30 * DAY);
    await s.jobs.runDue();
    expect(await level()).toBe(0);
    // Each snapshot is dated by the clock.
    const [latest] = await s.db.query<{ created_at: Date }>(
      'SELECT created_at FROM proof_snapshots ORDER BY id DESC LIMIT 1',
    );
    expect(new Date(latest?.created_at as Date).getTime()).toBe(clock.now());
  });

  it('keeps a week of job runs and deletes older ones hourly, keeping the jobs themselves', async () => {
    const clock = manualClock(s);
    await s.jobs.runDue();
    const [job] = await s.db.query<{ id: string }>(
      "SELECT id::text AS id FROM jobs WHERE name = 'vip.recompute'",
    );
    const run = (ageMs: number) => {
      const at = new Date(clock.now() - ageMs).toISOString();
      return s.db.query(
        `INSERT INTO job_runs (job_id, name, attempt, runner, started_at, finished_at, ok)
         VALUES ($1, 'vip.recompute', 1, 'test', $2, $2, true) RETURNING id::text AS id`,
        [job?.id, at],
      );
    };
    const [old] = await run(8 * DAY);
    const [recent] = await run(6 * DAY);
    clock.advance(HOUR);
    await s.jobs.runDue();
    const left = async (id: unknown) =>
      (await s.db.query('SELECT 1 FROM job_runs WHERE id = $1', [(id as { id: string }).id])).length;
    expect(await left(old)).toBe(0);
    expect(await left(recent)).toBe(1);
    expect(await jobRow(s, 'vip.recompute')).toBeDefined();
  });
});

describe.each(SHARED_SETUPS)('durable jobs across two instances', (setup) => {
  it('runs each of the areas’ jobs once when both instances run due jobs together', async () => {
    const pair = await startPair(setup);
    try {
      const [a, b] = await Promise.all([pair.owner.jobs.runDue(), pair.api.jobs.runDue()]);
      // Every recurring job the areas declare, and the platform's own (pruning, the audit seal): a new area's job is
      // expected here without being named, and fails the test if the app does not run it.
      const names = [...PLATFORM_JOBS, ...pair.owner.areas.flatMap((area) => area.jobs ?? [])]
        .filter((job) => job.everyMs !== undefined)
        .map((job) => job.name)
        .sort();
      expect(new Set(names).size).toBe(names.length);
      expect(names.length).toBeGreaterThan(1);
      expect(a + b).toBe(names.length);
      const runs = await pair.owner.db.query<{ name: string; n: string }>(
        'SELECT name, count(*)::text AS n FROM job_runs GROUP BY name',
      );
      expect(runs.sort((x, y) => (x.name < y.name ? -1 : 1))).toEqual(
        names.map((name) => ({ name, n: '1' })),
      );
      expect(await count(pair.owner.db, 'proof_snapshots')).toBe(1);
    } finally {
      await pair.close();
    }
  });
});
