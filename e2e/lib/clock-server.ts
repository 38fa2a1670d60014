import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ClockServer {
  baseUrl: string;
  /** Its log, with its dev outbox (`codeSentBy`'s third argument). */
  logFile: string;
  /** A call to its API as the app makes it (the envelope's data; throws on a refusal). */
  call<T>(method: 'GET' | 'POST', route: string, body?: unknown, token?: string): Promise<T>;
  /** Moves the server's manual clock to `to` (sessions, ticks' times and jobs follow). */
  setClock(to: Date): Promise<void>;
  /** The back office's ledger check on this platform: what is wrong, nothing when whole. */
  ledgerProblems(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * A second platform, like the journeys' own (global-setup.ts: built apps, PGlite in a fresh
 * folder, the same dev chain) but on a manual clock (CLOCK=manual, `POST /api/dev/clock`), for a
 * journey that needs a given moment: a stock inside or outside New York's session, whatever the
 * time the suite runs at. The shared platform stays on the system clock (its charts grow live).
 */
export async function startClockServer(
  at: Date,
  limitS = Number(process.env.E2E_START_LIMIT_S) || 150,
): Promise<ClockServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-e2e-clock-'));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const chain = inject('devChain');
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CLOCK: 'manual',
      // A cheaper password hash (2^14, a development convenience production refuses): the journeys
      // register many users; the cost itself is tested in auth/password-cost.
      SCRYPT_LOG_N: '14',
      LOG_LEVEL: 'info',
      DEMO_CROWD: '0',
      // No generated year of candles: these journeys read live prices, tickets and balances, not
      // charts, and filling 60 instruments' history cost each platform 13 s of its start and 9 s of
      // CPU (measured at load 7; 26 s of CPU to ready with it, 17 s without). The shared platform's
      // charts keep theirs.
      MARKET_HISTORY: '0',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DEV_CHAIN_RPC_URL: chain.rpcUrl,
      DEV_CHAIN_USDT: chain.usdt,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (server.exitCode === null) server.kill('SIGKILL');
  };
  const deadline = Date.now() + limitS * 1000;
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the clock server exited at start: see ${logFile}`);
      const ok = await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok && readFileSync(logFile, 'utf8').includes('"msg":"market feed started"')) break;
      if (Date.now() > deadline)
        throw new Error(`the clock server did not start in ${limitS} s: see ${logFile}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const call = async <T>(
    method: 'GET' | 'POST',
    route: string,
    body?: unknown,
    token?: string,
  ): Promise<T> => {
    const res = await fetch(baseUrl + route, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    const envelope = (await res.json()) as { code: number; msg: string; data: T };
    if (envelope.code !== 200) throw new Error(`${route}: ${envelope.msg}`);
    return envelope.data;
  };
  const setClock = async (to: Date) => {
    await call('POST', '/api/dev/clock', { to: to.toISOString() });
    // What fell due in between (jobs, the market's buckets) runs now: wait until the market answers again.
    const until = Date.now() + limitS * 1000;
    const answers = () =>
      fetch(`${baseUrl}/api/market/tickers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(3000),
      }).then(
        (r) => r.ok,
        () => false,
      );
    while (!(await answers())) {
      if (Date.now() > until)
        throw new Error(`the clock server did not answer after the clock moved: see ${logFile}`);
    }
  };
  const ledgerProblems = async () => {
    const admin = (await call<{ token: string }>('POST', '/api/admin/login', E2E_ADMIN)).token;
    return (await call<{ problems: string[] }>('GET', '/api/admin/ledger/check', undefined, admin)).problems;
  };
  try {
    await setClock(at);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, logFile, call, setClock, ledgerProblems, stop };
}

/** The next weekday (Monday to Friday) after `from` at `hour`:`minute` UTC. */
export function nextWeekdayAt(from: Date, hour: number, minute = 0): Date {
  const d = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + 1, hour, minute),
  );
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}
