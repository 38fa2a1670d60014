import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INTERVAL_MS, type Interval } from '@otc/core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/open.ts';
import { childDatabaseUrl, DATABASES } from '../support/harness.ts';
import { freePort } from '../support/ports.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
const EMAIL = 'history@test.local';

interface Run {
  child: ChildProcess;
  /** Everything the process wrote to stdout so far. */
  out: () => string;
  /** When it first answered /healthz with 200. */
  servingAt: number;
}

/** The platform as `npm start` runs it (history on, the simulator feed), in a process of its own. */
async function start(dataDir: string, port: number, databaseUrl: string, logFormat: string): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      MARKET_HISTORY: '1',
      MARKET_FEED: 'sim',
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: '',
      LOG_LEVEL: 'info',
      LOG_FORMAT: logFormat,
      WEB_DIST: '/nonexistent',
      ADMIN_DIST: '/nonexistent',
    },
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${out}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, out: () => out, servingAt: Date.now() };
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stop(run: Run): Promise<void> {
  const exited = new Promise((resolve) => run.child.once('exit', resolve));
  run.child.kill('SIGTERM');
  await exited;
}

const logLines = (run: Run) =>
  run
    .out()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; time: number; instruments?: number });

async function waitForLog(run: Run, msg: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = logLines(run).find((l) => l.msg === msg);
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no "${msg}" in the log:\n${run.out()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(DATABASES)('market history filled in the background on %s', (kind) => {
  const databaseUrl = childDatabaseUrl(kind);

  it('serves before the history is there, fills it, resumes after a stop, and writes no candle twice or leaves a gap', {
    timeout: 600_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-history-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;

    // First start, as a person runs it: the banner says where the generated password is, which signs in.
    const first = await start(dataDir, port, databaseUrl(), 'pretty');
    // It answers at once: filling 60 instruments' year takes seconds, and it has only begun.
    expect(logLines(first).some((l) => l.msg === 'market history filled')).toBe(false);
    const passwordFile = path.join(dataDir, 'first-operator-password.txt');
    expect(first.out()).toContain(`Password     in ${passwordFile}`);
    const password = readFileSync(passwordFile, 'utf8').trim();
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    // Written, not shown: neither the banner nor any log line carries it.
    expect(first.out()).not.toContain(password);
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password }),
    });
    expect(login.status).toBe(200);
    // Stopped while it fills: the restart resumes with what is missing.
    await stop(first);

    const second = await start(dataDir, port, databaseUrl(), 'json');
    const filled = await waitForLog(second, 'market history filled', 300_000);
    expect(filled.time).toBeGreaterThan(second.servingAt - 1000);
    expect(filled.instruments).toBeGreaterThan(0);
    const daily = await fetch(`${base}/api/market/candles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'BTC/USDT', interval: '1d', limit: 1000 }),
    }).then((r) => r.json() as Promise<{ data: { items: { t: number }[] } }>);
    expect(daily.data.items.length).toBeGreaterThanOrEqual(365);
    await stop(second);

    // Nothing is missing any more: a third start fills nothing and writes only JSON lines.
    const third = await start(dataDir, port, databaseUrl(), 'json');
    await new Promise((r) => setTimeout(r, 3000));
    expect(logLines(third).some((l) => l.msg === 'market history filled')).toBe(false);
    expect(
      third
        .out()
        .split('\n')
        .filter((l) => l.trim() !== '')
        .every((l) => l.startsWith('{')),
    ).toBe(true);
    await stop(third);

    const db = await openDatabase({ databaseUrl: databaseUrl() || undefined, dataDir });
    try {
      const marked = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM market_history');
      const instruments = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM instruments');
      expect(marked[0]?.n).toBe(instruments[0]?.n);
      // Every instrument's series is one candle a bucket from its first to its last: history and the
      // live feed meet without a gap (restarts here take seconds, so a 1-minute bucket may be skipped
      // while no process ran: 1m is checked up to the first start).
      const firstLive = first.servingAt - 120_000;
      for (const interval of ['1m', '5m', '15m', '1h', '4h', '1d', '1w'] as Interval[]) {
        const rows = await db.query<{ symbol: string; t: string }>(
          'SELECT symbol, t::text AS t FROM candles WHERE interval = $1 ORDER BY symbol, t',
          [interval],
        );
        const bySymbol = new Map<string, number[]>();
        for (const r of rows) bySymbol.set(r.symbol, [...(bySymbol.get(r.symbol) ?? []), Number(r.t)]);
        expect(bySymbol.size).toBe(instruments[0]?.n);
        for (const [symbol, ts] of bySymbol) {
          const checked = interval === '1m' ? ts.filter((t) => t < firstLive) : ts;
          const gaps = checked
            .slice(1)
            .filter((t, i) => t - (checked[i] as number) !== INTERVAL_MS[interval]);
          expect({ symbol, interval, gaps }).toEqual({ symbol, interval, gaps: [] });
        }
      }
    } finally {
      await db.close();
    }
  });
});
