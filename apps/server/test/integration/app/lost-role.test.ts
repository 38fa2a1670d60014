import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Session } from '@otc/protocol/auth/schemas';
import type { SpotOrder } from '@otc/protocol/spot/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { supervise } from '../../../../../scripts/supervise.mjs';
import { checkLedger } from '../../../src/areas.ts';
import { openPostgres } from '../../../src/db/postgres.ts';
import { freePort } from '../support/ports.ts';
import { privatePostgres } from '../support/private-postgres.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
type Supervised = { exited: Promise<number>; stop(signal?: string): void };

async function until(what: string, ok: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * `npm start` on PostgreSQL (decision 0153): the platform in a process that scripts/supervise.mjs
 * starts again when it ends for a restart. A PostgreSQL restart drops the engines' lock
 * connection: the owner ends (0148, exit 75), the supervisor starts it again, it waits out the
 * outage (a start that cannot reach the database ends 75 too) and takes the engines back, with the
 * orders stored before the outage in its books.
 */
describe('the engines come back after PostgreSQL restarts under npm start', () => {
  let cluster: Awaited<ReturnType<typeof privatePostgres>>;
  let server: Supervised | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-lost-role-'));
  beforeAll(async () => {
    cluster = await privatePostgres();
  });
  afterAll(async () => {
    server?.stop();
    await server?.exited;
    await cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Beside the other files (it times nothing): two starts under tsx on a busy machine take a while.
  it('restarts the process, which takes the engines again with the orders stored before', {
    timeout: 300_000,
  }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const restarts: string[] = [];
    server = supervise({
      // One process (node with tsx's loader), as the bundle `npm start` runs would be.
      args: ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: cluster.url,
        REDIS_URL: '',
        DEV_CHAIN: '0',
        MARKET_HISTORY: '0',
        MARKET_FEED: 'sim',
        LOG_LEVEL: process.env.CRASH_DEBUG ? 'info' : 'fatal',
        RATE_LIMIT_PER_MINUTE: '100000',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        WEB_DIST: '/nonexistent',
        ADMIN_DIST: '/nonexistent',
      },
      stdio: process.env.CRASH_DEBUG ? 'inherit' : 'ignore',
      pauseMs: 200,
      log: (line: string) => restarts.push(line),
    }) as Supervised;
    const ready = () =>
      fetch(`${base}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
    const call = async <T>(p: string, body: unknown, token?: string) => {
      const res = await fetch(base + p, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { code: number; data: T & { error?: string } };
    };
    await until('the first start', ready, 120_000);

    const user = (await call<Session>('/api/auth/loginvirtual', {})).data;
    // A resting buy far below the simulated market (its maker quotes near 60,000), stored before the outage.
    const bid = await call<SpotOrder>(
      '/api/spot/order',
      {
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        price: '1000',
        qty: '0.01',
        idempotencyKey: crypto.randomUUID(),
      },
      user.token,
    );
    expect(bid.data).toMatchObject({ status: 'open' });

    await cluster.stop();
    await until('the owner to end for a restart', () => restarts.length > 0, 60_000);
    await cluster.start();
    await until('the restarted process to own its roles again', ready, 120_000);

    // The new owner rebuilt the book from the database: the stored order is in it (a cancel goes
    // through the book, and finds it), and it is cancelled once.
    const cancelled = await call<SpotOrder>('/api/spot/cancel', { id: bid.data.id }, user.token);
    expect(cancelled.data).toMatchObject({ status: 'cancelled', filled: '0' });
    const db = await openPostgres(cluster.url, { max: 2 });
    try {
      const rows = await db.query<{ status: string; unfilled: boolean }>(
        'SELECT status, filled = 0 AS unfilled FROM spot_orders WHERE id = $1',
        [bid.data.id],
      );
      expect(rows).toEqual([{ status: 'cancelled', unfilled: true }]);
      expect(await checkLedger(db)).toEqual([]);
    } finally {
      await db.close();
    }
    expect(restarts[0]).toMatch(/ended for a restart \(exit 75\)/);

    const s = server;
    server = undefined;
    s.stop();
    expect(await s.exited).toBe(0);
  });
});
