import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The server the Lighthouse benchmark measures: the built apps served as `npm start` serves them
 * (`tsx apps/server/src/main.ts`, PGlite in a fresh data folder), on a port of its own, in the
 * background, stopped by its process id.
 */
const root = path.resolve(import.meta.dirname, '..');
const WEB_DIST_INDEX = path.join(root, 'apps/web/dist/index.html');
/** What the web build is made from: anything newer than the built index.html means a rebuild. */
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/locale-tiers.ts',
  'packages/protocol/src',
  'packages/core/src',
  'scripts/precompress.ts',
];

async function newestMtime(entry: string): Promise<number> {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const e of await readdir(full, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) newest = Math.max(newest, statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
    child.on('error', reject);
  });
}

/** Builds the apps unless the web build is newer than every file it is made from. */
export async function buildIfNeeded(): Promise<void> {
  if (existsSync(WEB_DIST_INDEX)) {
    const built = statSync(WEB_DIST_INDEX).mtimeMs;
    const sources = await Promise.all(WEB_SOURCES.map(newestMtime));
    if (Math.max(...sources) <= built) return;
  }
  console.log('lighthouse: the web build is missing or older than its sources: npm run build');
  await run('npm', ['run', 'build', '--silent']);
}

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

async function waitForIndex(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** `webDist`: another build of the web app to serve (an older one, to compare), else the repo's. */
export async function startServer(port: number, webDist?: string): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'otc-lighthouse-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'ops@bench.local',
      ADMIN_PASSWORD: 'Bench-pass-123',
      ...(webDist ? { WEB_DIST: path.resolve(webDist) } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(child.pid, 'SIGTERM');
      const timer = setTimeout(
        () => child.pid && child.exitCode === null && process.kill(child.pid, 'SIGKILL'),
        10_000,
      );
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // Generous: on a shared machine under load the first start (migrations, the market history) is slow.
    await waitForIndex(url, child, 300_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
