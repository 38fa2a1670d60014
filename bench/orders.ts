import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { type Config, loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/db.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openPglite } from '../apps/server/src/db/pglite.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { checkLedger } from '../apps/server/src/ledger/check.ts';
import { adminSql } from './admin-sql.ts';
import { pgbenchTps } from './pgbench.ts';

/**
 * Durable orders through HTTP: our server runs in this process (PGlite, then PostgreSQL in a fresh
 * schema); autocannon runs in a forked copy of this file so the load does not share the server's
 * event loop. Every request is a resting limit buy (5-20% under the market, a random price, a fresh
 * idempotency key) from one of a few hundred demo users, so each one is a freeze + insert
 * transaction and then a match transaction in the market's engine before the answer. The peer
 * (Peatio) cannot run here: its published figure is cited for the ratio.
 */
const { values: opts } = parseArgs({
  options: {
    load: { type: 'boolean', default: false },
    // Load levels, comma separated: one run each, on a fresh server and database. Throughput at a
    // given p99 is bounded by connections / latency (Little's law), and past the point where the
    // machine is saturated more connections only queue: the sweep shows where that point lies.
    connections: { type: 'string', default: process.env.BENCH_ORDERS_CONNECTIONS ?? '50,80,100' },
    seconds: { type: 'string', default: process.env.BENCH_ORDERS_SECONDS ?? '12' },
    users: { type: 'string', default: process.env.BENCH_ORDERS_USERS ?? '300' },
    report: { type: 'string' },
    /** Which databases to run, comma separated (PGlite,PostgreSQL): one alone while tuning. */
    db: { type: 'string', default: process.env.BENCH_ORDERS_DB ?? 'PGlite,PostgreSQL' },
  },
});
const SYMBOL = 'BTC/USDT';
const MARKET_PRICE = 60_000;
const QTY = '0.0002'; // 20 lots of 0.00001: 9.6-11.4 USDT at the prices below, over the 5 USDT minimum.
const WARMUP_SECONDS = 3;
const PEATIO_ORDERS_PER_SECOND = 57.5;
const GOAL = { ordersPerSecond: 5_000, p99Ms: 50 };
/** Issue 30: durable orders per pgbench TPC-B transaction a second, measured in the same run. */
const RATIO_GOAL = 3.5;
const OK_PREFIX = '{"code":200,';
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface LoadJob {
  url: string;
  tokens: string[];
  connections: number;
  seconds: number;
}
interface LoadResult {
  seconds: number;
  ok: number;
  errors: number;
  firstErrors: string[];
  p50: number;
  p99: number;
  p999: number;
  max: number;
  /** Acknowledged orders of the warm-up and the measured run, to compare with the stored ones. */
  acknowledged: number;
}

// ---------------------------------------------------------------- load generator (forked child)

interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  latency: { p50: number; p99: number; p99_9: number; max: number };
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: {
    method: string;
    path: string;
    headers: Record<string, string>;
    setupRequest(req: AutocannonRequest): AutocannonRequest;
    onResponse(status: number, body: string): void;
  }[];
}) => Promise<AutocannonResult>;

async function generateLoad(job: LoadJob): Promise<LoadResult> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  let seq = 0;
  let ok = 0;
  let errors = 0;
  let acknowledged = 0;
  const firstErrors: string[] = [];
  const authorizations = job.tokens.map((t) => `Bearer ${t}`);
  const run = (seconds: number) =>
    autocannon({
      url: job.url,
      connections: job.connections,
      duration: seconds,
      timeout: 10,
      requests: [
        {
          method: 'POST',
          path: '/api/spot/order',
          headers: { 'content-type': 'application/json' },
          // The load generator shares the machine's cores with the server: it builds each request
          // with as little work as it can (autocannon hands over a fresh object to fill in).
          setupRequest(req) {
            req.headers.authorization = authorizations[seq++ % authorizations.length] as string;
            // 80-95% of the market, on the 0.01 tick: rests, never crosses the book.
            const price = ((MARKET_PRICE * (8000 + Math.floor(Math.random() * 1500))) / 10_000).toFixed(2);
            req.body = `{"symbol":"${SYMBOL}","side":"buy","type":"limit","price":"${price}","qty":"${QTY}","idempotencyKey":"${randomUUID()}"}`;
            return req;
          },
          onResponse(status, body) {
            // The envelope opens with its code: a prefix check instead of parsing every answer.
            if (status === 200 && body.startsWith(OK_PREFIX)) {
              ok++;
              acknowledged++;
              return;
            }
            errors++;
            if (firstErrors.length < 3) firstErrors.push(`${status} ${body.slice(0, 160)}`);
          },
        },
      ],
    });
  await run(WARMUP_SECONDS);
  ok = 0;
  errors = 0;
  firstErrors.length = 0;
  const r = await run(job.seconds);
  return {
    seconds: r.duration,
    ok,
    errors: errors + r.errors + r.timeouts,
    firstErrors,
    p50: r.latency.p50,
    p99: r.latency.p99,
    p999: r.latency.p99_9,
    max: r.latency.max,
    acknowledged,
  };
}

if (opts.load) {
  process.once('message', async (job: LoadJob) => {
    process.send?.(await generateLoad(job), () => process.exit(0));
  });
}

// ---------------------------------------------------------------- server and report (parent)

type DbKind = 'PGlite' | 'PostgreSQL';

async function openDb(kind: DbKind): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (kind === 'PGlite') return { db: await openPglite(), drop: async () => undefined };
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = (sql: string) => adminSql(PG_URL, sql);
  await admin(`CREATE SCHEMA ${schema}`);
  try {
    // The pool size the server uses in production (openDb without options).
    const db = await openPostgres(PG_URL, { schema });
    return { db, drop: () => admin(`DROP SCHEMA ${schema} CASCADE`) };
  } catch (err) {
    await admin(`DROP SCHEMA ${schema} CASCADE`);
    throw err;
  }
}

async function demoTokens(url: string, n: number): Promise<string[]> {
  const tokens: string[] = [];
  const one = async () => {
    const res = await fetch(`${url}/api/auth/loginvirtual`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await res.json()) as { code: number; data: { token: string } };
    if (body.code !== 200) throw new Error(`loginvirtual: ${JSON.stringify(body)}`);
    tokens.push(body.data.token);
  };
  for (let i = 0; i < n; i += 20) await Promise.all(Array.from({ length: Math.min(20, n - i) }, one));
  return tokens;
}

function runLoad(job: LoadJob): Promise<LoadResult> {
  const child = fork(fileURLToPath(import.meta.url), ['--load'], {
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: LoadResult) => resolve(m));
    child.once('exit', (code) => reject(new Error(`load generator exited (${code}) without a result`)));
    child.once('error', reject);
    child.send(job);
  });
}

interface Row extends LoadResult {
  db: DbKind;
  connections: number;
  perSecond: number;
  stored: number;
  ledgerProblems: number;
  serverCpu: number;
}

async function benchOne(kind: DbKind, connections: number): Promise<Row> {
  const { db, drop } = await openDb(kind);
  try {
    await migrate(db);
    const config: Config = {
      ...loadConfig({}),
      // Production's level: every request is logged (twice, as Fastify does), into a stream that
      // drops the lines, so the cost of making them counts and the disk's does not.
      logLevel: 'info',
      rateLimitPerMinute: 100_000_000,
      authRateLimitPerMinute: 100_000_000,
      marketFeed: 'off',
      marketHistory: false,
      webDist: '/nonexistent',
      adminDist: '/nonexistent',
    };
    const { app, market } = await buildApp({ config, db, logStream: discard() });
    // The feed is off: tick BTC/USDT ourselves, or the hub halts it after 10 s of silence.
    const tick = () => market.onTick(SYMBOL, String(MARKET_PRICE), '1', Date.now(), 'bench');
    tick();
    const ticker = setInterval(tick, 1000);
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const tokens = await demoTokens(url, Number(opts.users));
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const r = await runLoad({
        url,
        tokens,
        connections,
        seconds: Number(opts.seconds),
      });
      const cpu = process.cpuUsage(cpu0);
      const serverCpu = (cpu.user + cpu.system) / 1000 / (performance.now() - t0);
      const [row] = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM spot_orders WHERE symbol = $1 AND realm = 'demo' AND status = 'open'`,
        [SYMBOL],
      );
      const problems = await checkLedger(db);
      for (const p of problems) console.error(`ledger: ${p}`);
      return {
        db: kind,
        connections,
        ...r,
        perSecond: r.ok / r.seconds,
        stored: Number(row?.n),
        ledgerProblems: problems.length,
        serverCpu,
      };
    } finally {
      clearInterval(ticker);
      await app.close();
    }
  } finally {
    await db.close();
    await drop();
  }
}

function discard(): Writable {
  return new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/**
 * Every acknowledged order is stored. autocannon stops with up to `connections` requests in
 * flight, after its warm-up and after its run: the server stores those but nobody counts the answer.
 */
const allStored = (r: Row) => r.stored >= r.acknowledged && r.stored - r.acknowledged <= 2 * r.connections;

const meetsGoal = (r: Row) =>
  r.db === 'PostgreSQL' && r.perSecond >= GOAL.ordersPerSecond && r.p99 < GOAL.p99Ms && r.errors === 0;

function markdown(rows: Row[], tps: number | undefined): string {
  const pgRows = rows.filter((r) => r.db === 'PostgreSQL');
  const ratio = (r: Row) => (tps && r.db === 'PostgreSQL' ? r.perSecond / tps : undefined);
  const bestRatio = pgRows
    .filter((r) => r.p99 < GOAL.p99Ms && r.errors === 0)
    .sort((a, b) => (ratio(b) ?? 0) - (ratio(a) ?? 0))[0];
  const ratioVerdict =
    tps === undefined
      ? ''
      : `pgbench (TPC-B, scale 1, 10 clients, 2 threads, in this run): ${fmt(tps)} tps. ` +
        (bestRatio
          ? `**Ratio goal (≥ ${RATIO_GOAL} durable orders/s per pgbench tps at p99 < ${GOAL.p99Ms} ms): ` +
            `${(ratio(bestRatio) ?? 0) >= RATIO_GOAL ? 'met' : 'not met'}**, best ${fmt(ratio(bestRatio) ?? 0, 2)} ` +
            `at ${bestRatio.connections} connections.`
          : `**Ratio goal: not met**: no level kept p99 under ${GOAL.p99Ms} ms without errors.`);
  const best = pgRows.filter(meetsGoal).sort((a, b) => b.perSecond - a.perSecond)[0];
  const goal = `≥ ${fmt(GOAL.ordersPerSecond)} durable orders/s with p99 < ${GOAL.p99Ms} ms on PostgreSQL`;
  const verdict =
    pgRows.length === 0
      ? ''
      : best
        ? `**Goal (${goal}): met** at ${best.connections} connections — ${fmt(best.perSecond)} orders/s, p99 ${fmt(best.p99, 1)} ms.`
        : `**Goal (${goal}): not met** at any load level run.`;
  return [
    `\`POST /api/spot/order\` through HTTP with autocannon (${opts.seconds} s after an unreported ${WARMUP_SECONDS} s ` +
      `warm-up, in a forked process) against our server in the benchmark's process, on each database, at each ` +
      `load level (${opts.connections.split(',').join(', ')} connections), every level on a fresh server and database. Every request is a limit buy of ${QTY} BTC on ${SYMBOL} ` +
      `(demo book) at a random price 5-20% under the market, so it rests; ${opts.users} demo users in turn, a fresh ` +
      'idempotency key each. Each one is durable before the answer: the intake group-commits the orders that ' +
      'arrive together (funds frozen and orders stored by one statement per batch, its own transaction), then ' +
      "the market's engine matches them (a resting order needs no second write). PostgreSQL runs on the same machine " +
      '(fresh schema, dropped after, over TCP on 127.0.0.1); the server uses its default pool of 10 and logs at ' +
      "production's level (info: every request, into a stream that drops the lines). " +
      'autocannon builds each request with as little work as it can (it shares the 2 cores).',
    '',
    `The peer, Peatio, cannot run here: its published ${PEATIO_ORDERS_PER_SECOND} orders/s is the reference ` +
      'for the ratio (its figure, its machine).',
    '',
    '| database | connections | orders/s | per pgbench tps | p50 ms | p99 ms | p99.9 ms | max ms | errors | acknowledged / stored | ledger check | server CPU (cores) | vs Peatio |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.connections} | ${fmt(r.perSecond)} | ${ratio(r) === undefined ? '' : fmt(ratio(r) ?? 0, 2)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.p999, 1)} | ${fmt(r.max)} | ` +
        `${fmt(r.errors)} | ${fmt(r.acknowledged)} / ${fmt(r.stored)}${allStored(r) ? '' : ' **lost**'} | ` +
        `${r.ledgerProblems === 0 ? 'clean' : `${r.ledgerProblems} problems`} | ${fmt(r.serverCpu, 2)} | ` +
        `${fmt(r.perSecond / PEATIO_ORDERS_PER_SECOND, 1)}x |`,
    ),
    '',
    'Acknowledged counts the warm-up too; stored is the open orders left in the book afterwards, a few more ' +
      'than acknowledged because autocannon stops with requests in flight (the server still stores them). ' +
      'The ledger check is the one the integration tests run after every suite.',
    '',
    verdict,
    '',
    ratioVerdict,
    '',
    `Load generator and server share this machine's ${os.cpus().length} cores (and PostgreSQL too).`,
  ].join('\n');
}

if (!opts.load) {
  const rows: Row[] = [];
  const kinds = (['PGlite', 'PostgreSQL'] as const).filter((k) => opts.db.split(',').includes(k));
  const levels = opts.connections.split(',').map(Number);
  // The machine's PostgreSQL speed, before its orders: the ratio carries between machines.
  const tps = kinds.includes('PostgreSQL') ? await pgbenchTps(PG_URL) : undefined;
  if (tps !== undefined) console.log(`pgbench: ${fmt(tps)} tps`);
  for (const kind of kinds) {
    for (const connections of levels) {
      console.log(`orders on ${kind}: ${opts.users} users, ${connections} connections, ${opts.seconds} s`);
      const row = await benchOne(kind, connections);
      console.log(
        `  ${fmt(row.perSecond)} orders/s, p50 ${fmt(row.p50, 1)} ms, p99 ${fmt(row.p99, 1)} ms, ` +
          `errors ${row.errors}${row.firstErrors.length ? ` (${row.firstErrors.join(' | ')})` : ''}, ` +
          `stored ${row.stored} / acknowledged ${row.acknowledged}, ledger problems ${row.ledgerProblems}`,
      );
      rows.push(row);
    }
  }
  const md = markdown(rows, tps);
  console.log(`\n${md}`);
  if (opts.report) await writeFile(opts.report, JSON.stringify({ title: 'Durable orders', markdown: md }));
  process.exit(0);
}
