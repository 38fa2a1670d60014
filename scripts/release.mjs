import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run release -- --out DIR` (decision 0136): one folder where `npm ci --omit=dev && npm start` runs
 * the production server with nothing else from the repository. Its layout mirrors the repository's
 * (apps/server/dist, apps/web/dist, apps/admin/dist), so the bundle finds the apps where config.ts
 * looks for them and its migrations beside itself (db/migrate.ts). Its dependencies are the packages
 * the bundle leaves external (scripts/build-server.mjs), pinned to the repository's lockfile versions,
 * with a package-lock.json of their own.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const outAt = process.argv.indexOf('--out');
if (outAt < 0 || !process.argv[outAt + 1]) {
  console.error('usage: npm run release -- --out DIR');
  process.exit(2);
}
const out = path.resolve(process.argv[outAt + 1]);

const node = (args, opts = {}) =>
  execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit', ...opts });

// The apps at the release level (brotli), the bundle into the release itself. `--apps-as-built` takes
// the apps as they are when both are built (the release test inside `npm test`, whose e2e lane serves
// those very files meanwhile: a rebuild there would rewrite them under it).
const asBuilt =
  process.argv.includes('--apps-as-built') &&
  ['web', 'admin'].every((app) => existsSync(path.join(root, `apps/${app}/dist/index.html`)));
if (!asBuilt) node([path.join(root, 'scripts/build-if-changed.mjs')]);
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
node([path.join(root, 'scripts/build-server.mjs'), '--out', path.join(out, 'apps/server/dist')]);
for (const app of ['web', 'admin'])
  await cp(path.join(root, `apps/${app}/dist`), path.join(out, `apps/${app}/dist`), { recursive: true });

// The packages the bundle imports at run time: build-server.mjs's EXTERNAL, read from the one list.
const buildServer = await readFile(path.join(root, 'scripts/build-server.mjs'), 'utf8');
const EXTERNAL = [.../const EXTERNAL = \[([^\]]+)\]/.exec(buildServer)[1].matchAll(/'([^']+)'/g)].map(
  (m) => m[1],
);
const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8'));
const dependencies = Object.fromEntries(
  EXTERNAL.map((name) => {
    const version = lock.packages[`node_modules/${name}`]?.version;
    if (!version) throw new Error(`${name} is not in package-lock.json`);
    return [name, version];
  }),
);
const own = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
await writeFile(
  path.join(out, 'package.json'),
  `${JSON.stringify(
    {
      name: 'otc-markets-release',
      version: own.version,
      private: true,
      type: 'module',
      engines: own.engines,
      scripts: {
        start: 'node --enable-source-maps apps/server/dist/main.js',
      },
      dependencies,
    },
    null,
    2,
  )}\n`,
);
// The release's lockfile: the repository's own entries for those packages and all they depend on, at
// the same paths, so `npm ci --omit=dev` installs exactly the versions the repository was tested with.
const packages = { '': { name: 'otc-markets-release', version: own.version, dependencies } };
/** Where node resolves `name` from the package at `from` (a nested copy first, then the parents'). */
const resolve = (from, name) => {
  for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    const at = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[at]) return at;
    if (!dir) return undefined;
  }
};
const queue = EXTERNAL.map((name) => `node_modules/${name}`);
while (queue.length > 0) {
  const at = queue.shift();
  if (packages[at]) continue;
  const { dev, devOptional, peer, ...entry } = lock.packages[at];
  packages[at] = entry;
  const wanted = { ...entry.dependencies, ...entry.optionalDependencies };
  for (const name of Object.keys(wanted)) {
    const found = resolve(at, name);
    if (found) queue.push(found);
    else if (!entry.optionalDependencies?.[name]) throw new Error(`${at} needs ${name}, not in the lockfile`);
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a < b ? -1 : 1)));
await writeFile(
  path.join(out, 'package-lock.json'),
  `${JSON.stringify({ name: 'otc-markets-release', version: own.version, lockfileVersion: 3, requires: true, packages: sorted }, null, 2)}\n`,
);
console.log(`release: ${out} (npm ci --omit=dev && npm start)`);
