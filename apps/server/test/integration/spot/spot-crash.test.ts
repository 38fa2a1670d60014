import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Session } from '@otc/protocol/auth/schemas';
import type { AssetsOverview } from '@otc/protocol/ledger/schemas';
import type { SpotDepth, SpotOrder } from '@otc/protocol/spot/schemas';
import { describe, expect, it } from 'vitest';
import { childDatabaseUrl, DATABASES } from '../support/harness.ts';
import { freePort } from '../support/ports.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
const ADMIN = { email: 'crash@test.local', password: 'Crash-test-pass-1' };

/** The platform as `npm start` runs it, in a process of its own that the test can kill -9. */
async function start(dataDir: string, port: number, databaseUrl: string): Promise<ChildProcess> {
  // One process (node with tsx's loader, not the tsx wrapper), so SIGKILL stops the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: process.env.CRASH_DEBUG ? 'inherit' : 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      MARKET_HISTORY: '0',
      MARKET_FEED: 'sim',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      WEB_DIST: '/nonexistent',
      ADMIN_DIST: '/nonexistent',
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited at start');
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(DATABASES)('spot orders survive kill -9 under load on %s', (kind) => {
  const databaseUrl = childDatabaseUrl(kind);

  it('keeps every acknowledged order, doubles nothing, and leaves nothing frozen once all are cancelled', {
    timeout: 180_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-crash-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const call = async <T>(p: string, body: unknown, token?: string) => {
      const res = await fetch(base + p, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { code: number; data: T };
    };

    let server = await start(dataDir, port, databaseUrl());
    const users = await Promise.all(
      Array.from({ length: 4 }, async () => (await call<Session>('/api/auth/loginvirtual', {})).data),
    );
    const deadline = Date.now() + 30_000;
    while (
      (await call<SpotDepth>('/api/spot/depth', { symbol: 'BTC/USDT', realm: 'demo' })).data.asks.length === 0
    ) {
      if (Date.now() > deadline) throw new Error('the market maker never quoted');
      await new Promise((r) => setTimeout(r, 250));
    }

    // Load: each user keeps placing resting limit buys and small market buys until the kill.
    const acknowledged = new Map<string, Set<string>>(users.map((u) => [u.user.id, new Set<string>()]));
    let killed = false;
    const load = users.map(async (u, i) => {
      for (let n = 0; !killed; n++) {
        const body =
          n % 3 === 2
            ? { type: 'market', qty: '0.0001' }
            : { type: 'limit', price: String(40000 + i * 100 + n), qty: '0.001' };
        const res = await call<SpotOrder>(
          '/api/spot/order',
          { symbol: 'BTC/USDT', side: 'buy', idempotencyKey: randomUUID(), ...body },
          u.token,
        ).catch(() => undefined);
        if (res?.code === 200) acknowledged.get(u.user.id)?.add(res.data.id);
      }
    });
    while ([...acknowledged.values()].reduce((s, a) => s + a.size, 0) < 60)
      await new Promise((r) => setTimeout(r, 20));
    server.kill('SIGKILL');
    killed = true;
    await Promise.all(load);
    // A process killed by a signal has a signalCode, not an exitCode.
    await new Promise<void>((r) =>
      server.signalCode !== null || server.exitCode !== null ? r() : server.once('exit', () => r()),
    );

    server = await start(dataDir, port, databaseUrl());
    try {
      for (const u of users) {
        const seen = new Set<string>();
        for (const list of ['/api/spot/openorders', '/api/spot/history']) {
          for (let page = 1; ; page++) {
            const res = await call<{ items: SpotOrder[] }>(list, { page, pageSize: 100 }, u.token);
            for (const o of res.data.items) seen.add(o.id);
            if (res.data.items.length < 100) break;
          }
        }
        for (const id of acknowledged.get(u.user.id) ?? []) expect(seen.has(id), `order ${id}`).toBe(true);
      }
      const admin = (await call<{ token: string }>('/api/admin/login', ADMIN)).data.token;
      const check = await fetch(`${base}/api/admin/ledger/check`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(((await check.json()) as { data: { ok: boolean; problems: string[] } }).data).toEqual({
        ok: true,
        problems: [],
      });

      // Cancelling every open order must hand back exactly what was frozen: nothing lost, nothing twice.
      for (const u of users) {
        const open = await call<{ items: SpotOrder[] }>(
          '/api/spot/openorders',
          { page: 1, pageSize: 100 },
          u.token,
        );
        for (const o of open.data.items) await call('/api/spot/cancel', { id: o.id }, u.token);
        const o = (await call<AssetsOverview>('/api/assets/overview', {}, u.token)).data;
        const usdt = o.accounts[0]?.balances.find((b) => b.asset === 'USDT');
        expect(usdt?.frozen).toBe('0');
      }
    } finally {
      // The suite drops the database next: the server must have let go of it first.
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  });
});
