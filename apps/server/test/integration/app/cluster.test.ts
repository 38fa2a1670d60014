import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Session } from '@otc/protocol/auth/schemas';
import { describe, expect, it, onTestFinished } from 'vitest';
// @ts-expect-error plain ESM script without types
import { ENGINE_ROLES, startCluster } from '../../../../../scripts/cluster.mjs';
import { checkLedger } from '../../../src/areas.ts';
import { openPostgres } from '../../../src/db/postgres.ts';
import { freshDatabase, SHARED_SETUPS } from '../support/harness.ts';
import { TestSocket } from '../support/socket-client.ts';

/**
 * `npm run cluster` (scripts/cluster.mjs, decision 0161) as a newcomer runs it: two `api`
 * instances behind the balancer, the engines' owner and its standby, a worker, each the server
 * bundle under its supervisor, on a database of the test's own and the shared Redis under a prefix
 * of its own. An order placed through one api instance is heard on the other's socket; then the
 * engines' owner is killed (-9) `SOAK_KILLS` times (2 here; `npm run soak` does 20) while users
 * place, cancel, open and close positions and buy seconds contracts through the balancer, each request
 * repeated with its idempotency key until it has an answer, as a client does: every acknowledged
 * order is stored exactly once, no fill is counted twice, and the ledger check is clean.
 */
const KILLS = Number(process.env.SOAK_KILLS ?? 2);
if (process.env.SOAK_KILLS && SHARED_SETUPS.length === 0)
  throw new Error('npm run soak needs TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL (Redis)');

const root = path.resolve(import.meta.dirname, '../../../../..');

type Member = {
  name: string;
  role: string;
  url: string;
  process: { child: { pid: number }; starts: number };
};
type Cluster = {
  url: string;
  members: Member[];
  member(name: string): Member | undefined;
  owners(): Promise<Record<string, string>>;
  stop(signal?: string): Promise<number>;
};
type Answer = { status: number; body: { code: number; msg: string; data: Record<string, unknown> } };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, ok: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}
const ready = (url: string) =>
  fetch(`${url}/readyz`).then(
    (r) => r.status === 200,
    () => false,
  );

describe.each(SHARED_SETUPS)('npm run cluster', (setup) => {
  it(`shows an order across instances, and survives ${KILLS} kill -9 of the engines' owner under load`, {
    timeout: 240_000 + KILLS * 60_000,
  }, async () => {
    // Inside the repository, so the packages left out of the bundle resolve from its node_modules.
    mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
    const work = mkdtempSync(path.join(root, 'node_modules/.cache/otc-cluster-test-'));
    onTestFinished(() => rmSync(work, { recursive: true, force: true }));
    // The bundle `npm start` runs, built into a folder of the test's own (the build step of npm test
    // may rewrite apps/server/dist meanwhile): plain node, no tsx compiling at each of the starts.
    await promisify(execFile)(
      process.execPath,
      ['scripts/build-server.mjs', '--out', path.join(work, 'dist')],
      {
        cwd: root,
      },
    );
    const database = await freshDatabase();
    const debug = process.env.CRASH_DEBUG;
    let cluster: Cluster | undefined;
    try {
      cluster = (await startCluster({
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          REDIS_URL: setup.redisUrl,
          REDIS_PREFIX: `cluster-${randomUUID()}:`,
          DATA_DIR: path.join(work, 'data'),
          ADMIN_EMAIL: 'cluster@test.local',
          ADMIN_PASSWORD: 'Cluster-test-pass-1',
          MARKET_HISTORY: '0',
          MARKET_FEED: 'sim',
          // The market maker quotes the demo books; the simulated crowd of takers is not needed.
          DEMO_CROWD: '0',
          SPOT_FORWARD_TIMEOUT_MS: '3000',
          RATE_LIMIT_PER_MINUTE: '1000000',
          AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
          WEB_DIST: '/nonexistent',
          ADMIN_DIST: '/nonexistent',
          LOG_LEVEL: debug ? 'info' : 'warn',
        },
        main: path.join(work, 'dist/main.js'),
        output: debug ? (name: string, line: string) => console.log(`${name} | ${line}`) : undefined,
        log: debug ? (line: string) => console.log(line) : () => undefined,
      })) as Cluster;
      await scenario(cluster, database.url);
    } finally {
      await cluster?.stop('SIGKILL');
      await database.drop();
    }
  });
});

async function scenario(cluster: Cluster, databaseUrl: string) {
  const api1 = cluster.member('api-1') as Member;
  const api2 = cluster.member('api-2') as Member;
  const post = (base: string, p: string, body: unknown, token?: string): Promise<Answer | undefined> =>
    fetch(base + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    }).then(
      async (r) => ({ status: r.status, body: (await r.json()) as Answer['body'] }),
      () => undefined,
    );
  let repeats = 0;
  /** As a client does: the same request (same idempotency key) again until it is answered, not 5xx. */
  const settle = async (p: string, body: unknown, token: string): Promise<Answer> => {
    for (let attempt = 0; attempt < 600; attempt++) {
      const res = await post(cluster.url, p, body, token);
      if (res && res.status < 500) return res;
      repeats++;
      await sleep(200);
    }
    throw new Error(`${p} was never answered`);
  };
  const login = async (base: string) =>
    (await post(base, '/api/auth/loginvirtual', {}))?.body.data as Session;

  // An order placed through api-1 is heard on api-2's socket (over the bus, from the engines' owner).
  const watcher = await login(api1.url);
  const socket = await TestSocket.open(api2.url);
  socket.send({ op: 'auth', token: watcher.token });
  socket.send({ op: 'subscribe', channels: ['user'] });
  await socket.waitFor((f) => f.type === 'subscribed', 30_000);
  const placed = await post(
    api1.url,
    '/api/spot/order',
    {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      price: '1000',
      qty: '0.01',
      idempotencyKey: randomUUID(),
    },
    watcher.token,
  );
  expect(placed?.status, JSON.stringify(placed?.body)).toBe(200);
  const id = placed?.body.data.id;
  await socket.waitFor((f) => {
    const data = f.data as { kind?: string; order?: { id?: string } } | undefined;
    return f.type === 'data' && f.channel === 'user' && data?.kind === 'order' && data.order?.id === id;
  }, 30_000);
  socket.close();
  // The balancer passes WebSocket upgrades: a socket through it is answered.
  const through = await TestSocket.open(cluster.url);
  through.send({ op: 'subscribe', channels: ['tickers'] });
  await through.waitFor((f) => f.type === 'subscribed', 30_000);
  through.close();

  // Load through the balancer: each user places, cancels, opens positions and buys seconds contracts.
  const users = await Promise.all(Array.from({ length: 4 }, () => login(cluster.url)));
  await until('the market maker to quote', async () => {
    const depth = await post(cluster.url, '/api/spot/depth', { symbol: 'BTC/USDT', realm: 'demo' });
    return ((depth?.body.data.asks as unknown[] | undefined)?.length ?? 0) > 0;
  });
  type Tally = { spot: Set<string>; cancels: Set<string>; positions: Set<string>; seconds: Set<string> };
  const acked = new Map<string, Tally>(
    users.map((u) => [
      u.user.id,
      { spot: new Set(), cancels: new Set(), positions: new Set(), seconds: new Set() },
    ]),
  );
  const refused = new Map<string, number>();
  let done = 0;
  let stop = false;
  const load = users.map(async (u, i) => {
    const mine = acked.get(u.user.id) as Tally;
    const resting: string[] = [];
    const positions: string[] = [];
    for (let n = 0; !stop; n++) {
      const key = randomUUID();
      const step = n % 5;
      const [kind, p, body] =
        step === 0 || step === 3
          ? ([
              'spot',
              '/api/spot/order',
              {
                symbol: 'BTC/USDT',
                side: 'buy',
                type: 'limit',
                price: String(40000 + i * 100 + n),
                qty: '0.001',
                idempotencyKey: key,
              },
            ] as const)
          : step === 1
            ? ([
                'spot',
                '/api/spot/order',
                { symbol: 'BTC/USDT', side: 'buy', type: 'market', qty: '0.0001', idempotencyKey: key },
              ] as const)
            : step === 2
              ? ([
                  'positions',
                  '/api/contract/order',
                  {
                    symbol: 'BTC-PERP',
                    side: 'long',
                    type: 'market',
                    lots: '0.01',
                    leverage: 10,
                    idempotencyKey: key,
                  },
                ] as const)
              : ([
                  'seconds',
                  '/api/seconds/order',
                  { symbol: 'BTC/USDT', direction: 'up', period: 30, stake: '10', idempotencyKey: key },
                ] as const);
      const res = await settle(p, body, u.token);
      if (res.status === 200) {
        const oid = String(res.body.data.id);
        mine[kind].add(oid);
        if (kind === 'spot' && body.type === 'limit') resting.push(oid);
        if (kind === 'positions') positions.push(String(res.body.data.positionId));
        done++;
      } else refused.set(`${kind} ${res.body.msg}`, (refused.get(`${kind} ${res.body.msg}`) ?? 0) + 1);
      // Every fifth step also cancels the oldest resting order and closes the oldest position, so
      // a long soak keeps margin to open more.
      if (step === 4 && resting.length > 0) {
        const target = resting.shift() as string;
        const c = await settle('/api/spot/cancel', { id: target }, u.token);
        if (c.status === 200) mine.cancels.add(target);
      }
      if (step === 4 && positions.length > 0) {
        const close = { id: positions.shift(), lots: '0.01', idempotencyKey: randomUUID() };
        const c = await settle('/api/contract/close', close, u.token);
        if (c.status === 200) mine.positions.add(String(c.body.data.id));
      }
      // A user's pace, not a flood: the kills land among requests all the same, at a fraction of the CPU.
      await sleep(50);
    }
  });
  const loadDone = Promise.all(load);

  // The kills: the spot engines' owner (the first engine owns every role), each time after some work.
  const takeovers: number[] = [];
  try {
    for (let k = 0; k < KILLS; k++) {
      const before = done;
      await until('orders between kills', () => done >= before + 10, 120_000);
      const owners = await cluster.owners();
      const owner = cluster.member(owners['spot-engines'] ?? '') as Member;
      expect(owner?.role, JSON.stringify(owners)).toBe('engine');
      const starts = owner.process.starts;
      const killedAt = Date.now();
      process.kill(owner.process.child.pid, 'SIGKILL');
      // The standby takes every engine role.
      await until('the standby to take the engines', async () => {
        const now = await cluster.owners();
        return ENGINE_ROLES.every((r: string) => now[r] !== undefined && now[r] !== owner.name);
      });
      takeovers.push(Date.now() - killedAt);
      // The killed one comes back (its supervisor) as the next standby: the next kill needs it.
      if (k < KILLS - 1)
        await until(
          `${owner.name} to come back`,
          async () => owner.process.starts > starts && (await ready(owner.url)),
          120_000,
        );
    }
    const after = done;
    await until('orders after the last kill', () => done >= after + 10, 120_000);
  } finally {
    // A failed kill ends the load too (its requests would otherwise be repeated past the test's end).
    stop = true;
  }
  await loadDone;

  const db = await openPostgres(databaseUrl, { max: 2 });
  try {
    for (const u of users) {
      const mine = acked.get(u.user.id) as Tally;
      const ids = async (table: string, also = '') =>
        (
          await db.query<{ id: string }>(
            `SELECT id::text AS id FROM ${table} WHERE user_id = $1 ${also} ORDER BY ${table}.id`,
            [u.user.id],
          )
        ).map((r) => r.id);
      // Exactly once: the stored orders are the acknowledged ones, no more (a repeat stored nothing new).
      expect(await ids('spot_orders')).toEqual([...mine.spot].sort((a, b) => Number(a) - Number(b)));
      expect(await ids('position_orders', "AND action IN ('open', 'close')")).toEqual(
        [...mine.positions].sort((a, b) => Number(a) - Number(b)),
      );
      expect(await ids('seconds_orders')).toEqual([...mine.seconds].sort((a, b) => Number(a) - Number(b)));
      for (const oid of mine.cancels) {
        const [row] = await db.query<{ status: string }>('SELECT status FROM spot_orders WHERE id = $1', [
          oid,
        ]);
        expect(row?.status, `cancel of ${oid}`).toBe('cancelled');
      }
    }
    // No fill counted twice: each order's filled quantity is the sum of its trades, every trade once.
    const doubled = await db.query(
      `SELECT o.id, o.filled::text, coalesce(t.qty, 0)::text AS traded FROM spot_orders o
       LEFT JOIN (SELECT id, sum(qty) AS qty FROM (
         SELECT maker_order AS id, qty FROM spot_trades UNION ALL SELECT taker_order, qty FROM spot_trades) x GROUP BY id) t
       ON t.id = o.id WHERE o.filled <> coalesce(t.qty, 0)`,
    );
    expect(doubled).toEqual([]);
    expect(await checkLedger(db)).toEqual([]);
    const count = (k: keyof Tally) => users.reduce((s, u) => s + (acked.get(u.user.id)?.[k].size ?? 0), 0);
    const trades = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM spot_trades');
    for (const k of ['spot', 'positions', 'seconds'] as const) expect(count(k), k).toBeGreaterThan(0);
    console.log(
      [
        `cluster soak: ${KILLS} kill -9 of the engines' owner, takeovers in ${takeovers.map((t) => `${(t / 1000).toFixed(1)} s`).join(', ')}`,
        `  acknowledged: ${count('spot')} spot orders (${trades[0]?.n} trades in all), ${count('cancels')} cancels, ${count('positions')} position orders (opens and closes), ${count('seconds')} seconds contracts; ${repeats} requests repeated`,
        `  refused (4xx): ${[...refused].map(([k, n]) => `${k} x${n}`).join('; ') || 'none'}`,
        '  every acknowledged order stored exactly once, no trade doubled, ledger check clean',
      ].join('\n'),
    );
  } finally {
    await db.close();
  }
}
