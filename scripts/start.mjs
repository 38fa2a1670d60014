import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfChanged } from './build-if-changed.mjs';
import { supervise } from './supervise.mjs';

/**
 * `npm start`: builds what changed (scripts/build-if-changed.mjs), then runs the server bundle in
 * this process. A first start does its work side by side: the web app's and the back office's
 * Vite builds run while the server, built first (esbuild, under a second), starts in this process:
 * its dev chain and its embedded database (initdb and the migrations, seconds of CPU) are made
 * beside the builds, and it serves once they are done (`startServer`'s `appsBuilt`). One process
 * opens the database, so PGlite's WebAssembly is compiled once. The apps' compressed copies are
 * fast ones (scripts/precompress.ts, `start` level: brotli 11 was half the web build); once the
 * server serves, they are rewritten at the release level in the background, at the lowest priority.
 *
 * On PostgreSQL (DATABASE_URL set) the server runs in a child process instead, started again by
 * scripts/supervise.mjs when it ends for a restart: it owns the engines through an advisory lock,
 * and ends when a PostgreSQL restart drops the lock's connection (decision 0148); the restarted
 * process waits for PostgreSQL and takes the engines again (decision 0153).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const APPS = ['apps/web/dist', 'apps/admin/dist'];

const hashes = new Map();
const appsBuilt = buildIfChanged({ only: ['web app', 'back office'], level: 'start', hashes }).then((ok) => {
  if (!ok) process.exit(1);
});
if (!(await buildIfChanged({ only: ['server'], hashes }))) process.exit(1);
if (process.env.DATABASE_URL) {
  await appsBuilt;
  void upgradeCompression();
  const server = supervise({ args: ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')] });
  process.on('SIGINT', () => server.stop('SIGINT'));
  process.on('SIGTERM', () => server.stop('SIGTERM'));
  process.exit(await server.exited);
}
const { startServer } = await import(pathToFileURL(path.join(root, 'apps/server/dist/serve.js')).href);
await startServer({ appsBuilt });
void upgradeCompression();

/** Serving: now the small copies, where the build left fast ones. */
async function upgradeCompression() {
  const fast = [];
  for (const dir of APPS) {
    const level = await readFile(path.join(root, dir, '.precompressed'), 'utf8').catch(() => '');
    if (level.trim() === 'start') fast.push(dir);
  }
  if (fast.length === 0) return;
  const args = ['--import', 'tsx', 'scripts/precompress-upgrade.ts', '--background', ...fast];
  const options = { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] };
  // Under `nice` where there is one, so even the threads zlib works on start at the lowest
  // priority; without, the script lowers its own.
  const niced = spawn('nice', ['-n', '19', process.execPath, ...args], options);
  niced.on('error', () => spawn(process.execPath, args, options).on('error', () => {}));
}
