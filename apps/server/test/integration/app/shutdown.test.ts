import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { RESTART_EXIT_CODE } from '../../../src/platform/restart.ts';
import { childDatabaseUrl, DATABASES } from '../support/harness.ts';
import { freePort } from '../support/ports.ts';
import { TestSocket } from '../support/socket-client.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
/** How long a SIGTERM may take to end the process while clients hold connections (issue 23: 84 s). */
const SHUTDOWN_BOUND_MS = 5_000;

/** The server as `npm start` runs it, in a process of its own, once it answers (`logs`: whether to keep its output). */
async function start(
  port: number,
  databaseUrl: string,
  logs: 'keep' | 'drop' = 'drop',
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', logs === 'keep' ? 'pipe' : 'ignore', logs === 'keep' ? 'pipe' : 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'otc-shutdown-')),
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      MARKET_HISTORY: '0',
      DEV_CHAIN: '0',
      LOG_FORMAT: 'json',
      WEB_DIST: '/nonexistent',
      ADMIN_DIST: '/nonexistent',
      ...env,
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited at start');
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A request on a kept-alive connection, left open afterwards as a browser leaves it. */
function keepAliveGet(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe.each(DATABASES)('SIGTERM with clients connected on %s', (kind) => {
  const databaseUrl = childDatabaseUrl(kind);

  it('closes the sockets as going away (1001) and exits within the bound', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = await start(port, databaseUrl());
    const agent = new http.Agent({ keepAlive: true });
    try {
      // As a browser holds them: the socket, subscribed, and a kept-alive HTTP connection.
      const socket = await TestSocket.open(url);
      socket.send({ op: 'subscribe', channels: ['tickers'] });
      await socket.waitFor((f) => f.type === 'subscribed', 30_000);
      expect(await keepAliveGet(`${url}/healthz`, agent)).toBe(200);
      // And a frozen tab's: connected, but reading nothing, so it never answers the closing handshake.
      const frozen = await TestSocket.open(url);
      (frozen.ws as unknown as { _socket: { pause(): void } })._socket.pause();

      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      const sent = Date.now();
      child.kill('SIGTERM');
      const closed = await socket.waitClosed(SHUTDOWN_BOUND_MS);
      expect(closed.code).toBe(1001);
      const code = await Promise.race([
        exited,
        new Promise<'hung'>((r) => setTimeout(() => r('hung'), SHUTDOWN_BOUND_MS + 1_000)),
      ]);
      expect(code).toBe(0);
      expect(Date.now() - sent).toBeLessThan(SHUTDOWN_BOUND_MS);
    } finally {
      agent.destroy();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});

/** What a process wrote to stdout and stderr, as it comes. */
function output(child: ChildProcess): () => string {
  let text = '';
  const keep = (d: Buffer) => {
    text += d.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => text;
}

describe.each(DATABASES)('SIGTERM with a request that does not finish on %s', (kind) => {
  const databaseUrl = childDatabaseUrl(kind);

  it('exits 1 at SHUTDOWN_TIMEOUT_MS, naming the step it cut off', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const limitMs = 1_500;
    const child = await start(port, databaseUrl(), 'keep', { SHUTDOWN_TIMEOUT_MS: String(limitMs) });
    const logs = output(child);
    // A client that announced a body and sends only its first bytes: the request stays in flight.
    const slow = http.request(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '4096' },
    });
    slow.on('error', () => undefined);
    try {
      slow.write('{"email":"');
      await new Promise((r) => setTimeout(r, 500));
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      const sent = Date.now();
      child.kill('SIGTERM');
      const code = await Promise.race([
        exited,
        new Promise<'hung'>((r) => setTimeout(() => r('hung'), limitMs + 5_000)),
      ]);
      expect(code).toBe(1);
      expect(Date.now() - sent).toBeGreaterThanOrEqual(limitMs);
      expect(logs()).toContain(
        `shutdown took over ${limitMs} ms in 'requests': exiting without finishing it`,
      );
    } finally {
      slow.destroy();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});

/**
 * PostgreSQL releases an advisory lock with its session: a process whose engine lock connection dies
 * (an operator's pg_terminate_backend, a restart) may no longer act as the owner, since a standby
 * may already have taken the role. It ends, saying why, rather than run on as a second owner.
 */
describe.each(DATABASES.filter((k) => k === 'postgres'))('an engine owner losing its lock on %s', (kind) => {
  const databaseUrl = childDatabaseUrl(kind);

  it('ends the process with a fatal line naming the role', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const child = await start(port, databaseUrl(), 'keep');
    const logs = output(child);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const admin = new pg.Client({ connectionString: databaseUrl() });
    await admin.connect();
    try {
      const lockHolder = async () =>
        (
          await admin.query<{ pid: number }>(
            `SELECT l.pid FROM pg_locks l
              WHERE l.locktype = 'advisory' AND l.granted
                AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtext(current_schema() || ':spot-engines')::bigint`,
          )
        ).rows[0]?.pid;
      let pid = await lockHolder();
      for (let i = 0; pid === undefined && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 100));
        pid = await lockHolder();
      }
      expect(pid).toBeDefined();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      const code = await Promise.race([
        exited,
        new Promise<'ran on'>((r) => setTimeout(() => r('ran on'), 10_000)),
      ]);
      // 75, "start me again" (0153): a supervisor restarts it, and the new process takes the role.
      expect(code).toBe(RESTART_EXIT_CODE);
      // Ended by the decision, not by an unheard 'error' event.
      expect(logs()).toMatch(/lost the spot-engines lock's connection: ending/);
      expect(logs()).not.toMatch(/Unhandled 'error' event/);
    } finally {
      await admin.end();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
