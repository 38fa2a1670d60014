import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `npm start`'s build: builds the web app, the back office and the server bundle only when their
 * inputs changed since their last build (`node scripts/build-if-changed.mjs`); `npm run build`
 * builds them all whatever changed (`--always`). The apps' compressed copies are at the release
 * level (scripts/precompress.ts) unless `npm start` asks for fast ones (`level: 'start'`); asked for
 * the release level, an unchanged app whose copies are still fast ones gets them upgraded. Each build's inputs are its sources, what they
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
/** Written by scripts/precompress.ts (a TypeScript file this plain script does not import). */
const LEVEL_ENV = 'OTC_PRECOMPRESS';
const LEVEL_FILE = '.precompressed';
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
    build: (level) => run(process.execPath, [vite(), 'build', '--logLevel', 'warn'], 'apps/web', level),
    compressed: true,
  },
  {
    name: 'back office',
    out: 'apps/admin/dist',
    inputs: ['apps/admin', 'scripts/precompress.ts', ...SHARED],
    build: (level) => run(process.execPath, [vite(), 'build', '--logLevel', 'warn'], 'apps/admin', level),
    compressed: true,
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

/**
 * The digest of every file under `inputs` (files or folders, relative to `base`), by content.
 * `hashes` keeps each file's hash for one round of builds: the three share their largest inputs
 * (the packages, the lockfile), and hashing them three times was most of a start's first seconds
 * on a busy machine.
 */
export async function inputsDigest(inputs, base = root, hashes = new Map()) {
  const hashOf = (file) => {
    let hash = hashes.get(file);
    if (!hash) {
      hash = readFile(file).then((body) => createHash('sha256').update(body).digest('hex'));
      hashes.set(file, hash);
    }
    return hash;
  };
  const paths = [...new Set((await Promise.all(inputs.map((i) => filesUnder(base, i)))).flat())];
  const files = await Promise.all(
    paths.map(async (p) => ({ path: p, hash: await hashOf(path.join(base, p)) })),
  );
  return digestOf(files);
}

function vite() {
  return path.join(root, 'node_modules/vite/bin/vite.js');
}

/**
 * A build's environment: what is built is what users get, whoever asks (a build started from a
 * test runner, which sets NODE_ENV=test as the e2e setup does, made React's development build and
 * stamped it as current), and its compressed copies are at `level`, whatever the caller's
 * environment said (an OTC_PRECOMPRESS=start left in a shell never makes a release build's).
 */
export function buildEnv(env, level = 'release') {
  const out = { ...env, NODE_ENV: 'production' };
  if (level === 'start') out[LEVEL_ENV] = 'start';
  else delete out[LEVEL_ENV];
  return out;
}

export function run(cmd, args, cwd, level = 'release') {
  return new Promise((resolve) => {
    const env = buildEnv(process.env, level);
    const child = spawn(cmd, args, { cwd: path.join(root, cwd), stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** Whether an unchanged build's compressed copies must be brought to the release level. */
export function needsUpgrade({ level, built }) {
  return level === 'release' && built === 'start';
}

/** Brings `dirs` (relative to the repository) to the release level: scripts/precompress-upgrade.ts. */
export function upgradeCompression(dirs, { background = false } = {}) {
  const args = [
    '--import',
    'tsx',
    'scripts/precompress-upgrade.ts',
    ...(background ? ['--background'] : []),
    ...dirs,
  ];
  return run(process.execPath, args, '.');
}

/**
 * Builds the targets named in `only` (all by default) whose inputs changed, or all with `always`,
 * side by side (each target is its own process; on a loaded machine one after the other only added
 * up their waits). `level` is the apps' compression (`start`: `npm start`'s fast copies); `hashes`
 * the file hashes to share with another round of the same start (inputsDigest). Resolves
 * whether every build succeeded; a failed one's stamp is not written, so it is built again.
 */
export async function buildIfChanged({
  always = false,
  only = TARGETS.map((t) => t.name),
  level = 'release',
  hashes = new Map(),
} = {}) {
  const results = await Promise.all(
    TARGETS.filter((t) => only.includes(t.name)).map(async (target) => {
      const digest = await inputsDigest(target.inputs, root, hashes);
      const stampFile = path.join(root, target.out, STAMP);
      const stamp = await readFile(stampFile, 'utf8').catch(() => undefined);
      if (!needsBuild({ always, stamp, digest })) {
        const built = await readFile(path.join(root, target.out, LEVEL_FILE), 'utf8').catch(() => '');
        if (target.compressed && needsUpgrade({ level, built: built.trim() }))
          return (await upgradeCompression([target.out])) === 0;
        return true;
      }
      console.log(
        `building the ${target.name} (${stamp === undefined ? 'no build yet' : 'its sources changed'})`,
      );
      const code = await target.build(level);
      if (code !== 0) {
        console.error(`building the ${target.name} failed (exit ${code})`);
        return false;
      }
      await writeFile(stampFile, `${digest}\n`);
      return true;
    }),
  );
  return results.every(Boolean);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `--level=start`: fast compressed copies (npm test's build: the tests do not check brotli's level).
  const level = process.argv.includes('--level=start') ? 'start' : 'release';
  if (!(await buildIfChanged({ always: process.argv.includes('--always'), level }))) process.exit(1);
}
