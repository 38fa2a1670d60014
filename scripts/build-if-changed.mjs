import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `npm start`'s build: builds the web app, the back office and the server bundle only when their
 * inputs changed since their last build (`node scripts/build-if-changed.mjs`); `npm run build`
 * builds them all whatever changed (`--always`). Each build's inputs are its sources, what they
 * import (packages/protocol, packages/core), its configs and the lockfile (which pins everything in
 * node_modules); their digest is written into the build's folder after it succeeded, so a failed
 * or interrupted build is built again next time.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const SHARED = [
  'packages/protocol',
  'packages/core',
  'package-lock.json',
  'package.json',
  'tsconfig.base.json',
];
const STAMP = '.inputs-sha256';
/** Never inputs: what builds and installs write, and the tests (no build includes them). */
const SKIPPED = new Set(['node_modules', 'dist', 'test', '.git']);

export const TARGETS = [
  {
    name: 'server',
    out: 'apps/server/dist',
    inputs: ['apps/server/src', 'apps/server/package.json', 'scripts/build-server.mjs', ...SHARED],
    build: () => run(process.execPath, ['scripts/build-server.mjs'], '.'),
  },
  {
    name: 'web app',
    out: 'apps/web/dist',
    inputs: ['apps/web', 'scripts/precompress.ts', ...SHARED],
    build: () => run(process.execPath, [vite(), 'build', '--logLevel', 'warn'], 'apps/web'),
  },
  {
    name: 'back office',
    out: 'apps/admin/dist',
    inputs: ['apps/admin', 'scripts/precompress.ts', ...SHARED],
    build: () => run(process.execPath, [vite(), 'build', '--logLevel', 'warn'], 'apps/admin'),
  },
];

/** One digest of a set of files (paths relative to the repository, each with its content's hash), whatever their order. */
export function digestOf(files) {
  const hash = createHash('sha256');
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)))
    hash.update(`${f.path}\0${f.hash}\n`);
  return hash.digest('hex');
}

/** Whether a build must run: always when asked, else when its stamp is missing or from other inputs. */
export function needsBuild({ always, stamp, digest }) {
  return always || stamp === undefined || stamp.trim() !== digest;
}

async function filesUnder(base, rel) {
  const abs = path.join(base, rel);
  const entries = await readdir(abs, { withFileTypes: true }).catch((err) => {
    if (err.code === 'ENOTDIR') return undefined;
    throw err;
  });
  if (!entries) return [rel];
  const nested = await Promise.all(
    entries.filter((e) => !SKIPPED.has(e.name)).map((e) => filesUnder(base, path.posix.join(rel, e.name))),
  );
  return nested.flat();
}

/** The digest of every file under `inputs` (files or folders, relative to `base`), by content. */
export async function inputsDigest(inputs, base = root) {
  const paths = [...new Set((await Promise.all(inputs.map((i) => filesUnder(base, i)))).flat())];
  const files = await Promise.all(
    paths.map(async (p) => ({
      path: p,
      hash: createHash('sha256')
        .update(await readFile(path.join(base, p)))
        .digest('hex'),
    })),
  );
  return digestOf(files);
}

function vite() {
  return path.join(root, 'node_modules/vite/bin/vite.js');
}

export function run(cmd, args, cwd) {
  return new Promise((resolve) => {
    // What is built is what users get, whoever asks: a build started from a test runner (which sets
    // NODE_ENV=test, as the e2e setup does) made React's development build and stamped it as current.
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(cmd, args, { cwd: path.join(root, cwd), stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/**
 * Builds the targets named in `only` (all by default) whose inputs changed, or all with `always`,
 * one after the other. Resolves whether every build succeeded (stopping at the first that failed).
 */
export async function buildIfChanged({ always = false, only = TARGETS.map((t) => t.name) } = {}) {
  for (const target of TARGETS.filter((t) => only.includes(t.name))) {
    const digest = await inputsDigest(target.inputs);
    const stampFile = path.join(root, target.out, STAMP);
    const stamp = await readFile(stampFile, 'utf8').catch(() => undefined);
    if (!needsBuild({ always, stamp, digest })) continue;
    console.log(
      `building the ${target.name} (${stamp === undefined ? 'no build yet' : 'its sources changed'})`,
    );
    const code = await target.build();
    if (code !== 0) {
      console.error(`building the ${target.name} failed (exit ${code})`);
      return false;
    }
    await writeFile(stampFile, `${digest}\n`);
  }
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!(await buildIfChanged({ always: process.argv.includes('--always') }))) process.exit(1);
}
