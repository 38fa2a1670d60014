import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDevChain } from '../apps/server/test/integration/chain/dev-chain.ts';
// @ts-expect-error plain ESM script without types
import { ensureChromium } from '../scripts/ensure-chromium.mjs';
// @ts-expect-error plain ESM script without types
import { run } from '../scripts/run.mjs';

// E2E_START_LIMIT_S lifts it on a machine shared by many jobs (a first start took over 150 s there).
const START_LIMIT_S = Number(process.env.E2E_START_LIMIT_S) || 150;

export const E2E_ADMIN = { email: 'ops@e2e.local', password: 'E2e-admin-pass-1' };
const root = path.resolve(import.meta.dirname, '..');

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

/**
 * Starts the platform the way `npm start` does (built apps, PGlite in a fresh data directory),
 * on a local dev chain started here (a block a second, so deposits confirm on their own) whose RPC URL and USDT
 * the journeys get as `inject('devChain')` (e2e/lib/chain.ts).
 */
export default async function setup(project: TestProject) {
  const chromium: string = await ensureChromium();
  // As `npm start` does: builds what changed since the last build (nothing, mostly), so the
  // journeys never run against apps built from older sources; fast compressed copies, as npm start's.
  if ((await run(process.execPath, ['scripts/build-if-changed.mjs', '--level=start'], { cwd: root })) !== 0)
    throw new Error('build failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const chain = await startDevChain({ blockTime: 1 });
  const out = openSync(logFile, 'a');
  // node with tsx's loader (not the tsx wrapper), so stopping it stops the server itself.
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // A cheaper password hash (2^14, a development convenience production refuses): the journeys
      // register many users; the cost itself is tested in auth/password-cost.
      SCRYPT_LOG_N: '14',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'info',
      // The demo crowd's random takers would trade on the books the journeys read; its integration
      // test covers it.
      DEMO_CROWD: '0',
      DEV_CHAIN_RPC_URL: chain.rpcUrl,
      DEV_CHAIN_USDT: chain.usdt,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // The server serves at once; a busy machine can still take a while to load it.
  const deadline = Date.now() + START_LIMIT_S * 1000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited at start: see ${logFile}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline)
      throw new Error(`the server did not start in ${START_LIMIT_S} s: see ${logFile}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // Its year of candles lands in the background after that: the journeys read full charts, so
  // they begin once it has (a few seconds on a quiet 2-core machine, longer on a busy one).
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited while filling history: see ${logFile}`);
    if (readFileSync(logFile, 'utf8').includes('"msg":"market history filled"')) break;
    if (Date.now() > deadline)
      throw new Error(`the market history was not filled in ${START_LIMIT_S} s: see ${logFile}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('logFile', logFile);
  project.provide('chromium', chromium);
  project.provide('devChain', { rpcUrl: chain.rpcUrl, usdt: chain.usdt });
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (server.exitCode === null) server.kill('SIGKILL');
    await chain.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    logFile: string;
    chromium: string;
    /** The dev chain the server uses: e2e/lib/chain.ts turns it into helpers (transfer, mine, balances). */
    devChain: { rpcUrl: string; usdt: `0x${string}` };
  }
}
