import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfChanged, run } from './build-if-changed.mjs';

/**
 * `npm start`: builds what changed (scripts/build-if-changed.mjs), then runs the server bundle in
 * this process. Everything a first start does before serving runs side by side (issue 24: one
 * after the other, each waited behind the others' turns on a busy machine): the web app's and the
 * back office's Vite builds, and the server bundle followed by its `prepare.js`, which creates and
 * migrates the embedded database (seconds of CPU). The apps' compressed copies are fast ones
 * (scripts/precompress.ts, `start` level: brotli 11 was half the web build); once the server
 * serves, they are rewritten at the release level in the background, at the lowest priority.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const APPS = ['apps/web/dist', 'apps/admin/dist'];

const [built, prepared] = await Promise.all([
  buildIfChanged({ only: ['web app', 'back office'], level: 'start' }),
  buildIfChanged({ only: ['server'] }).then((ok) =>
    ok ? run(process.execPath, ['apps/server/dist/prepare.js'], '.') : undefined,
  ),
]);
if (prepared === undefined || !built) process.exit(1);
if (prepared !== 0) {
  console.error('preparing the database failed');
  process.exit(prepared);
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);

// Serving: now the small copies, where the build left fast ones.
const fast = [];
for (const dir of APPS) {
  const level = await readFile(path.join(root, dir, '.precompressed'), 'utf8').catch(() => '');
  if (level.trim() === 'start') fast.push(dir);
}
if (fast.length > 0) {
  const args = ['--import', 'tsx', 'scripts/precompress-upgrade.ts', '--background', ...fast];
  const options = { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] };
  // Under `nice` where there is one, so even the threads zlib works on start at the lowest
  // priority; without, the script lowers its own.
  const niced = spawn('nice', ['-n', '19', process.execPath, ...args], options);
  niced.on('error', () => spawn(process.execPath, args, options).on('error', () => {}));
}
