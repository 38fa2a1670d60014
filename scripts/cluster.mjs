import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startBalancer } from './balancer.mjs';
import { supervise } from './supervise.mjs';

/**
 * `npm run cluster` (decision 0161): the scaled-out platform on one machine, as docs/OPERATIONS.md
 * "From one instance to several" describes it on several, on the configured PostgreSQL
 * (`DATABASE_URL`) and Redis (`REDIS_URL`): two `api` instances behind a local balancer
 * (scripts/balancer.mjs, on `PORT`), the `engine` owner and its standby, and a `worker`. Each runs
 * the server bundle under scripts/supervise.mjs, which starts it again when it ends for a restart
 * (exit 75) or is killed: a killed owner comes back as the standby. Ctrl-C stops everything.
 *
 * Each instance's database connections carry `application_name=otc-<name>`, so `engineOwners`
 * (and so this script's "owns the engines" lines, and the kill -9 tests) read from PostgreSQL
 * which process holds each engine role's lock.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

/** The instances, in start order: the first engine starts alone, so it owns every engine role. */
export const INSTANCES = [
  { name: 'engine-1', role: 'engine' },
  { name: 'engine-2', role: 'engine' },
  { name: 'api-1', role: 'api' },
  { name: 'api-2', role: 'api' },
  { name: 'worker', role: 'worker' },
];

/** The engine roles' locks (trading/ownership.ts, market/ownership.ts), as `/readyz` names them. */
export const ENGINE_ROLES = ['spot-engines', 'position-engines', 'market-feed'];

/** The database URL an instance connects with: the configured one, named after the instance. */
export function namedUrl(databaseUrl, name) {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', `otc-${name}`);
  return url.toString();
}

/**
 * Which instance holds each engine role's lock now (`{ 'spot-engines': 'engine-1', ... }`, a role
 * nobody holds left out): the lock's key as ownership.ts takes it, its session's application name.
 */
export async function engineOwners(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT r.role, substr(a.application_name, 5) AS name
       FROM unnest($1::text[]) AS r (role)
       CROSS JOIN LATERAL (SELECT hashtext(current_schema() || ':' || r.role)::bigint AS key) AS k
       JOIN pg_locks l ON l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
         AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND l.classid = ((k.key >> 32) & 4294967295)::oid AND l.objid = (k.key & 4294967295)::oid
       JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE a.application_name LIKE 'otc-%'`,
      [ENGINE_ROLES],
    );
    return Object.fromEntries(rows.map((r) => [r.role, r.name]));
  } finally {
    await client.end();
  }
}

/** A port the system has free now, on loopback. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function until(what, ok, ms) {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const readyAt = (url) =>
  fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.status === 200,
    () => false,
  );

/**
 * Starts the cluster and resolves once every instance is ready and the balancer sends to both `api` ones.
 * `env` is the instances' environment (DATABASE_URL and REDIS_URL required); `main` the server
 * bundle to run; `output(name, line)` hears each instance's output lines (none: they are dropped).
 */
export async function startCluster({
  env,
  port = 0,
  host = '127.0.0.1',
  main = path.join(root, 'apps/server/dist/main.js'),
  output,
  log = (line) => process.stderr.write(`${line}\n`),
  startMs = 180_000,
}) {
  const { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } = env;
  if (!databaseUrl || !redisUrl) throw new Error('the cluster needs DATABASE_URL and REDIS_URL');
  const dataDir = path.resolve(env.DATA_DIR || path.join(root, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const members = [];
  for (const spec of INSTANCES) members.push({ ...spec, port: await freePort() });
  for (const m of members) m.url = `http://127.0.0.1:${m.port}`;

  const start = (m) => {
    m.process = supervise({
      args: ['--enable-source-maps', main],
      env: {
        // A laptop's quiet defaults; anything set in the environment wins.
        LOG_LEVEL: 'warn',
        // The dev chain is one process's (its state in DATA_DIR/chain): off here unless one runs already.
        DEV_CHAIN: '0',
        // The balancer is the way in: the instances read the client's address from it.
        TRUST_PROXY: '127.0.0.1',
        ...env,
        ROLE: m.role,
        PORT: String(m.port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: namedUrl(databaseUrl, m.name),
        LOG_FORMAT: 'json',
      },
      stdio: output ? ['ignore', 'pipe', 'pipe'] : 'ignore',
      // Longer than a standby's 5 s between tries for the locks (db/ownership.ts): the standby takes
      // every role of a killed owner before it is back, and the restarted process is the standby.
      pauseMs: 6000,
      maxPauseMs: 12_000,
      restartKilled: true,
      log: (line) => log(`${m.name}: ${line}`),
      onStart: (child) => {
        if (!output) return;
        for (const stream of [child.stdout, child.stderr])
          createInterface({ input: stream }).on('line', (line) => output(m.name, line));
      },
    });
    m.process.exited.then((code) => {
      if (!stopping) log(`${m.name}: ended (exit ${code}) and is not restarted`);
    });
  };

  let stopping = false;
  const stop = async (signal = 'SIGTERM') => {
    stopping = true;
    clearInterval(watching);
    await balancer?.close();
    const codes = await Promise.all(
      members.map(async (m) => {
        if (!m.process) return 0;
        m.process.stop(signal);
        return m.process.exited;
      }),
    );
    return codes.every((c) => c === 0) ? 0 : 1;
  };

  let balancer;
  let watching;
  try {
    // The first engine alone until it is ready (it has migrated and holds every engine role), then the rest.
    const [first, ...rest] = members;
    start(first);
    await until(`${first.name} to be ready`, () => readyAt(first.url), startMs);
    for (const m of rest) start(m);
    const apis = members.filter((m) => m.role === 'api');
    balancer = await startBalancer({ port, host, backends: apis.map((m) => m.url), log });
    for (const m of rest) await until(`${m.name} to be ready`, () => readyAt(m.url), startMs);
    await until(
      'the balancer to see the api instances',
      () => balancer.ready().length === apis.length,
      startMs,
    );
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }

  // Says when the engines change hands (a kill, a restart): who owns what.
  let last = '';
  const watch = async () => {
    const owners = await engineOwners(databaseUrl).catch(() => undefined);
    if (!owners) return;
    // With the process id, for an operator trying a `kill -9` (docs/OPERATIONS.md).
    const named = (name) => {
      const pid = members.find((m) => m.name === name)?.process?.child?.pid;
      return pid ? `${name} (pid ${pid})` : name;
    };
    const names = ENGINE_ROLES.map((r) => (owners[r] ? named(owners[r]) : 'nobody'));
    const now = names.every((n) => n === names[0])
      ? `${names[0]} owns the engines`
      : `engines: ${ENGINE_ROLES.map((r, i) => `${r} ${names[i]}`).join(', ')}`;
    if (now !== last) log(now);
    last = now;
  };
  await watch();
  watching = setInterval(watch, 2000);
  watching.unref();

  return {
    url: balancer.url,
    balancer,
    /** name, role, url (its own port) and `process` (the supervisor: `child.pid`, `starts`). */
    members,
    member: (name) => members.find((m) => m.name === name),
    owners: () => engineOwners(databaseUrl),
    stop,
  };
}

/** Run as `npm run cluster`: checks the services, starts, prints where, stops on Ctrl-C. */
async function main() {
  const env = process.env;
  if (!env.DATABASE_URL || !env.REDIS_URL) {
    process.stderr.write(
      'npm run cluster needs PostgreSQL and Redis: set DATABASE_URL (e.g. postgres://user@127.0.0.1:5432/otc)\n' +
        'and REDIS_URL (e.g. redis://127.0.0.1:6379); docs/OPERATIONS.md "A cluster on one machine".\n',
    );
    process.exit(2);
  }
  const reach = async (what, url, check) => {
    try {
      await check(url);
    } catch (error) {
      process.stderr.write(`npm run cluster: ${what} at ${redact(url)} does not answer (${error.message})\n`);
      process.exit(2);
    }
  };
  await reach('PostgreSQL (DATABASE_URL)', env.DATABASE_URL, async (url) => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    await c.connect();
    await c.end();
  });
  await reach('Redis (REDIS_URL)', env.REDIS_URL, pingRedis);

  const { buildIfChanged } = await import('./build-if-changed.mjs');
  if (!(await buildIfChanged({ level: 'start' }))) process.exit(1);

  const port = Number(env.PORT || 8080);
  const host = env.HOST || '0.0.0.0';
  process.stderr.write(
    `starting the cluster on ${redact(env.DATABASE_URL)} and ${redact(env.REDIS_URL)}...\n`,
  );
  const cluster = await startCluster({
    env,
    port,
    host,
    output: (name, line) => process.stdout.write(`${name.padEnd(8)} | ${line}\n`),
  });
  const lines = [
    '',
    `  OTC Markets cluster: ${env.PUBLIC_URL || `http://localhost:${port}`}/ (balancer on ${host}:${port})`,
    ...cluster.members.map((m) => `    ${m.name.padEnd(8)} ${m.role.padEnd(6)} ${m.url}`),
    '  Ctrl-C stops everything.',
    '',
  ];
  process.stderr.write(`${lines.join('\n')}\n`);
  let stopping = false;
  const onSignal = () => {
    if (stopping) return;
    stopping = true;
    process.stderr.write('stopping the cluster: SIGTERM to each instance...\n');
    cluster.stop('SIGTERM').then((code) => {
      process.stderr.write(`the cluster stopped${code === 0 ? '' : ' (an instance did not end cleanly)'}\n`);
      process.exit(code);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** Redis answers PING (one line over TCP: no client needed for a yes or no). */
function pingRedis(url) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: u.hostname || '127.0.0.1', port: Number(u.port || 6379) });
    socket.setTimeout(5000, () => socket.destroy(new Error('timed out')));
    socket.once('error', reject);
    socket.once('connect', () => {
      const auth = u.password
        ? `AUTH ${u.username ? `${decodeURIComponent(u.username)} ` : ''}${decodeURIComponent(u.password)}\r\n`
        : '';
      socket.write(`${auth}PING\r\n`);
    });
    let got = '';
    socket.on('data', (chunk) => {
      got += chunk.toString();
      if (got.includes('+PONG')) {
        socket.end();
        resolve();
      } else if (got.startsWith('-')) {
        socket.destroy();
        reject(new Error(got.trim()));
      }
    });
  });
}

/** A URL without its password, for a message. */
function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(not a URL)';
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
