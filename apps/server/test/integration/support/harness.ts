import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { PassThrough } from 'node:stream';
import { toE164 } from '@otc/protocol/auth/phone';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { checkLedger } from '../../../src/areas.ts';
import type { Bus } from '../../../src/bus/bus.ts';
import { type Config, loadConfig } from '../../../src/config.ts';
import type { AppContext } from '../../../src/context.ts';
import type { Db } from '../../../src/db/db.ts';
import { migrate } from '../../../src/db/migrate.ts';
import { openPglite } from '../../../src/db/pglite.ts';
import { openPostgres } from '../../../src/db/postgres.ts';
import type { Sender } from '../../../src/delivery/message.ts';
import type { MarketHub } from '../../../src/market/hub.ts';
import type { Area } from '../../../src/platform/area.ts';
import { type Clock, ManualClock } from '../../../src/platform/clock.ts';
import type { Jobs } from '../../../src/platform/jobs/jobs.ts';
import type { Shutdown } from '../../../src/platform/shutdown.ts';
import type { PositionsArea } from '../../../src/positions/index.ts';
import type { SpotDesk } from '../../../src/spot/desk.ts';
import type { SpotEngines } from '../../../src/spot/engines.ts';
import type { VipFees } from '../../../src/vip/fees.ts';
import { withDatabase } from './postgres-template.ts';

/**
 * Integration tests run over real HTTP against a real database: PGlite always, and PostgreSQL too
 * when TEST_DATABASE_URL is set (a set but unreachable URL fails the run; it never skips).
 */
export type DbKind = 'pglite' | 'postgres';
export const DATABASES: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Two instances of one platform need PostgreSQL (one database) and Redis (one bus). */
export const SHARED_SETUPS =
  process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
    ? [{ databaseUrl: process.env.TEST_DATABASE_URL, redisUrl: process.env.TEST_REDIS_URL }]
    : [];

/**
 * Two instances of one platform on one database and one bus: `owner` (role all) runs the engines,
 * `api` is an `api` process that forwards spot commands to it.
 */
export async function startPair(setup: (typeof SHARED_SETUPS)[number]) {
  const shared = { redisUrl: setup.redisUrl, redisPrefix: `pair-${randomUUID()}:` };
  const owner = await startServer('postgres', shared);
  const api = await startServer(
    'postgres',
    { ...shared, role: 'api', databaseUrl: setup.databaseUrl },
    undefined,
    owner,
  );
  return {
    owner,
    api,
    close: async () => {
      await api.close();
      await owner.close();
    },
  };
}

export const ADMIN = { email: 'admin@test.local', password: 'Admin-pass-1234' };

/**
 * For a suite whose child processes open the database themselves (the kill -9 tests): a fresh
 * PostgreSQL database's URL for the suite (dropped after it), or '' on PGlite, where each test gives
 * the child a data directory of its own. Registers the suite's hooks; read the URL inside a test.
 */
export function childDatabaseUrl(kind: DbKind): () => string {
  let url = '';
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    if (kind !== 'postgres') return;
    const database = await freshDatabase();
    url = database.url;
    drop = database.drop;
  });
  afterAll(() => drop());
  return () => url;
}

/**
 * A fresh database on the test PostgreSQL, a copy of the run's migrated template
 * (postgres-template.ts): a `DATABASE_URL` that points a server process at it, and how to drop it.
 */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL as string;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(server, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      try {
        // FORCE: a connection a crashed child left behind must not keep the copy alive.
        await c.query(`DROP DATABASE ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

let template: Promise<Blob> | undefined;
/** The migrated data directory of this run (global-setup.ts), read once a file. */
function pgliteTemplate(): Promise<Blob> {
  template ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return template;
}

async function openTestDb(kind: DbKind): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openPglite(undefined, await pgliteTemplate());
    return { db, drop: async () => undefined };
  }
  const { url, drop } = await freshDatabase();
  const db = await openPostgres(url, { max: 8 });
  return { db, drop };
}

export interface ApiResult<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T & { error?: string; field?: string } };
}

export interface TestServer {
  url: string;
  ctx: AppContext;
  /** The areas as started; their background work (main.ts starts it) runs only where a test starts it. */
  areas: Area[];
  market: MarketHub;
  bus: Bus;
  spot: SpotEngines;
  desk: SpotDesk;
  vip: VipFees;
  /** Leveraged positions (issue 16): engines, desk, system closes. */
  positions: PositionsArea;
  /** The areas' jobs: `runDue()` runs what the clock says is due, now. */
  jobs: Jobs;
  /** What SIGTERM runs in a process (serve.ts); a test runs its own steps to see the drain. */
  shutdown: Shutdown;
  clock: Clock;
  db: Db;
  config: Config;
  logs: string[];
  api<T = unknown>(
    path: string,
    body?: unknown,
    opts?: {
      token?: string;
      lang?: string;
      method?: string;
      raw?: string;
      contentType?: string;
      host?: string;
      /** More request headers (a client's device, a proxy's forwarded address). */
      headers?: Record<string, string>;
    },
  ): Promise<ApiResult<T>>;
  close(): Promise<void>;
  /**
   * As a process restart: this app stops (after the ledger check) and a new one starts on the same
   * database, rebuilding the spot books from it. Use the server it returns from then on.
   */
  restart(): Promise<TestServer>;
}

export async function startServer(
  kind: DbKind,
  overrides: Partial<Config> = {},
  delivery?: Sender,
  /** Another instance of the same platform: it shares this one's database (opened and dropped there). */
  sibling?: TestServer,
): Promise<TestServer> {
  const { db, drop } = sibling ? { db: sibling.db, drop: async () => undefined } : await openTestDb(kind);
  if (!sibling) await migrate(db);
  // A sibling's database is opened and dropped by that sibling.
  const release = sibling
    ? async () => undefined
    : async () => {
        await db.close();
        await drop();
      };
  return serve(db, testConfig(overrides), release, delivery);
}

/**
 * An app on a database the test opened itself (a restored backup, a data directory on disk): the
 * test closes the database after the server.
 */
export function startServerOn(db: Db, overrides: Partial<Config> = {}): Promise<TestServer> {
  return serve(db, testConfig(overrides), async () => undefined, undefined);
}

/**
 * A test server's configuration: no feed, no history, no rate limits, the test admin, and a
 * cheaper password hash (2^14: the suites register hundreds of users; a test of the cost sets its own).
 */
/** The test servers' SECRETS_KEY (decision 0158): a test's own, never a deployment's. */
export const TEST_SECRETS_KEY = '5e'.repeat(32);

function testConfig(overrides: Partial<Config>): Config {
  return {
    ...loadConfig({}),
    logLevel: 'info',
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    rateLimitPerMinute: 100_000,
    authRateLimitPerMinute: 100_000,
    scryptLogN: 14,
    // One key for every test server, so instances of one platform (and a restart) open each other's.
    secretsKey: TEST_SECRETS_KEY,
    // The suites start with no bank account, as production does; the sample's own test sets it.
    sampleBankAccount: false,
    marketFeed: 'off',
    marketHistory: false,
    webDist: '/nonexistent',
    adminDist: '/nonexistent',
    ...overrides,
  };
}

/**
 * Instances of one platform as production runs them: one fresh PostgreSQL database, one bus, and
 * each instance given the database's URL, so the processes that may own the engines (role `all` or
 * `engine`) elect the owner by the advisory locks (db/ownership.ts): the first started holds them,
 * a later one stands by and takes over when the holder stops (within the locks' retry, 5 s).
 * (startPair's owner has no URL, so it owns alone and nothing can take over from it.)
 * `start` adds an instance of a role; `close` stops those still running, then drops the database.
 */
export async function startCluster(setup: (typeof SHARED_SETUPS)[number], overrides: Partial<Config> = {}) {
  const database = await freshDatabase();
  const db = await openPostgres(database.url, { max: 8 });
  const shared: Partial<Config> = {
    ...overrides,
    databaseUrl: database.url,
    redisUrl: setup.redisUrl,
    redisPrefix: `cluster-${randomUUID()}:`,
  };
  const running = new Set<TestServer>();
  return {
    db,
    /** The database's URL, for a test's own connection (a lock it holds, as another process would). */
    url: database.url,
    async start(role: Config['role'], more: Partial<Config> = {}): Promise<TestServer> {
      const s = await serve(db, testConfig({ ...shared, role, ...more }), async () => undefined, undefined);
      // The market's background work, as main.ts starts it: with the feed off, the hub follows the
      // tickers on the bus, so an instance's marks are the ones an engine owner's ticks made.
      const market = s.areas.find((a) => a.name === 'market')?.background?.();
      const close = s.close.bind(s);
      s.close = async () => {
        running.delete(s);
        await market?.();
        await close();
      };
      running.add(s);
      return s;
    },
    async close(): Promise<void> {
      try {
        for (const s of [...running].reverse()) await s.close();
      } finally {
        await db.close();
        await database.drop();
      }
    },
  };
}

/** One app on `db`; `release` closes the database, or does nothing for a sibling's. */
async function serve(
  db: Db,
  config: Config,
  release: () => Promise<void>,
  delivery: Sender | undefined,
): Promise<TestServer> {
  const logs: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter(Boolean)));
  const { app, ctx, areas, market, bus, spot, desk, vip, positions, jobs, shutdown } = await buildApp({
    config,
    db,
    logStream,
    ...(delivery ? { delivery } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const server: TestServer = {
    url,
    ctx,
    areas,
    market,
    bus,
    spot,
    desk,
    vip,
    positions,
    jobs,
    shutdown,
    clock: ctx.clock,
    db,
    config,
    logs,
    async api(path, body, opts = {}) {
      const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en', ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const method = opts.method ?? (body === undefined && opts.raw === undefined ? 'GET' : 'POST');
      if (method !== 'GET') headers['content-type'] = opts.contentType ?? 'application/json';
      const payload = method !== 'GET' ? (opts.raw ?? JSON.stringify(body ?? {})) : undefined;
      if (opts.host) return (await withHost(url + path, opts.host, method, headers, payload)) as never;
      const res = await fetch(url + path, {
        method,
        headers,
        ...(payload !== undefined ? { body: payload } : {}),
      });
      return { status: res.status, body: (await res.json()) as ApiResult['body'] } as never;
    },
    async close() {
      // After every suite: the ledger's invariants hold, whatever the suite did.
      const problems = await checkLedger(db);
      await app.close();
      await release();
      if (problems.length > 0) throw new Error(`ledger check failed:\n${problems.join('\n')}`);
    },
    async restart() {
      const problems = await checkLedger(db);
      await app.close();
      if (problems.length > 0) throw new Error(`ledger check failed:\n${problems.join('\n')}`);
      return serve(db, config, release, delivery);
    },
  };
  return server;
}

/** The manual clock of a server started with `{ clock: 'manual' }`, to move it. */
export function manualClock(s: TestServer): ManualClock {
  if (!(s.clock instanceof ManualClock)) throw new Error('start the server with { clock: "manual" }');
  return s.clock;
}

/** A request with its own Host header, as any client can send one (fetch sets Host itself). */
function withHost(
  url: string,
  host: string,
  method: string,
  headers: Record<string, string>,
  payload: string | undefined,
): Promise<ApiResult> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as ApiResult['body'] }),
      );
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** The newest message the dev outbox holds for `target`, as an operator would read it in admin. */
export async function lastOutboxCode(db: Db, target: string): Promise<string> {
  const [row] = await db.query<{ body: string }>(
    'SELECT body FROM outbox WHERE target = $1 ORDER BY id DESC LIMIT 1',
    [target],
  );
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${target}`);
  return code;
}

export async function count(db: Db, table: string): Promise<number> {
  const [row] = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`);
  return Number(row?.n);
}

let seq = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${seq++}@example.com`;
/**
 * A UK mobile number no other test has used. Not every +44 7700 number is one libphonenumber accepts
 * (about 5% are unassigned ranges, e.g. +44 7700 2007xx), and registration rightly refuses those, so
 * draw until the number is valid rather than let the clock pick a failing one now and then.
 */
export function uniquePhone(): string {
  for (;;) {
    const phone = `+44770${String((Date.now() + seq * 7919) % 1_000_000).padStart(6, '0')}${seq++ % 10}`;
    if (toE164(phone) === phone) return phone;
  }
}

/** Buys `asset` with `usdt` USDT by flash exchange: how a test user comes to hold a base asset. */
export async function buyWithUsdt(s: TestServer, token: string, asset: string, usdt: string): Promise<void> {
  const q = await s.api<{ id: string }>(
    '/api/exchange/quote',
    { from: 'USDT', to: asset, amount: usdt },
    { token },
  );
  const done = await s.api(
    '/api/exchange/execute',
    { quoteId: q.body.data.id, idempotencyKey: randomUUID() },
    { token },
  );
  if (done.status !== 200) throw new Error(`exchange into ${asset} failed: ${JSON.stringify(done.body)}`);
}
