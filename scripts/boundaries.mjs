import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The import boundaries (docs/ARCHITECTURE.md, "Layers and the rules between areas"), checked in the
 * lint step so a forbidden import fails `npm test`.
 *
 * The server (`apps/server/src`):
 * - an area imports another area only through that area's `index.ts`, its one module;
 * - the platform layer (shared infrastructure) never imports an area;
 * - only the composition root (`app.ts`, `main.ts` and its `serve.ts`, `areas.ts`, the `check-ledger.ts` and `admin-cli.ts` commands) and tests see everything;
 * - no import circle, type-only and lazy imports included (docs/decisions/0108-server-import-circles.md).
 *
 * The web app (`apps/web/src`):
 * - an area folder imports its own files, the kernel (`ui/`, `app/`, `api/`, `money/`, `ws/`, `i18n/`)
 *   and another area only through that area's `index.ts`, or its `screens.ts` (the screens it lends,
 *   kept apart so the first route loads only the light index), as on the server: the product
 *   screens show the market's lists and prices;
 * - the kernel never imports an area, but for its one list (`app/areas.ts`), which reads one file of
 *   every area: its `area.ts` (its routes, their lazy pages, its journal kinds' labels, lazily).
 *   Pages reach the route table through the kernel's `useAreas()`, given at the app's root, never
 *   through the list, which would be a circle;
 * - no import circle, lazy imports included (so a page never reaches itself through the router);
 * - the entry (`main.tsx`) and the tests (`*.test.ts`, beside what they test) see everything.
 *
 * The back office (`apps/admin/src`), the same rule on its own kernel (`ui/`, `app/`, `api/` with the
 * operator session, `texts.ts`: the shell's strings): the kernel's one module that names areas is
 * their list (`app/areas.ts`), which imports each area's `index.ts` (its pages, statically, as the
 * back office is one bundle); an area's pages read its own `texts.ts` (another's, its public
 * `texts.ts`); no import circle.
 *
 * `node scripts/boundaries.mjs` checks the three apps; `node scripts/boundaries.mjs server|web|admin <dir>`
 * checks one tree (the tests give one of their own).
 */
const SERVER = {
  platform: new Set([
    'platform',
    'db',
    'bus',
    'http',
    'i18n',
    'delivery',
    'ws',
    'web',
    'pending',
    // The trading pipeline: generic machinery that products plug their policies into.
    'trading',
    // The ledger's posting machinery (postings, freezes, idempotency) every product moves money with.
    'postings',
  ]),
  platformFiles: new Set(['config.ts', 'context.ts']),
  root: new Set(['app.ts', 'main.ts', 'serve.ts', 'areas.ts', 'check-ledger.ts', 'admin-cli.ts']),
};
const WEB = {
  kernel: new Set(['ui', 'app', 'api', 'money', 'ws', 'i18n']),
  root: new Set(['main.tsx', 'env.d.ts']),
  /** The kernel's one list, and the one file of each area it reads. */
  lists: [{ file: 'app/areas.ts', reads: 'area.ts' }],
  listRule: "the kernel never imports an area (but app/areas.ts, an area's area.ts)",
  /** What other areas may import of an area: its module, and its screens kept apart from it. */
  publicFiles: new Set(['index.ts', 'screens.ts']),
};
const ADMIN = {
  kernel: new Set(['ui', 'app', 'api', 'texts.ts']),
  root: new Set(['main.tsx']),
  /** The area list names every area; it imports them statically (one bundle, as it always was). */
  pageList: 'app/areas.ts',
  lists: [],
  listRule: 'the kernel never imports an area (but app/areas.ts, their index.ts)',
  publicFiles: new Set(['index.ts', 'texts.ts']),
};

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });

const STATIC =
  /^(?:import|export)[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|^import\s+['"](\.{1,2}\/[^'"]+)['"]/gm;
const LAZY = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Every relative import of a file: the file it names and whether it is a lazy `import()`. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const m of text.matchAll(STATIC))
    found.push({ target: path.resolve(path.dirname(file), m[1] ?? m[2]), lazy: false });
  for (const m of text.matchAll(LAZY))
    found.push({ target: path.resolve(path.dirname(file), m[1]), lazy: true });
  return found;
}

/** The top folder (or top-level file) of a path inside src. */
const placeIn = (src, file) => path.relative(src, file).split(path.sep)[0];

function serverProblems(src) {
  const isPlatform = (place) => SERVER.platform.has(place) || SERVER.platformFiles.has(place);
  const problems = [];
  for (const file of files(src)) {
    const from = placeIn(src, file);
    if (SERVER.root.has(from)) continue;
    for (const { target } of importsOf(file)) {
      const to = placeIn(src, target);
      if (to === from || isPlatform(to)) continue;
      const where = path.relative(src, file);
      const what = path.relative(src, target);
      if (SERVER.root.has(to))
        problems.push(`${where} imports ${what}: only the composition root imports it`);
      else if (isPlatform(from))
        problems.push(`${where} imports ${what}: the platform never imports an area`);
      else if (path.relative(path.join(src, to), target) !== 'index.ts')
        problems.push(`${where} imports ${what}: another area is reached only through its index.ts`);
    }
  }
  return problems;
}

/** An app's areas and kernel (the web app's, the back office's): the rules of `app`, one of WEB and ADMIN. */
function appProblems(app, src) {
  const problems = [];
  for (const file of files(src)) {
    const from = placeIn(src, file);
    if (app.root.has(from) || file.endsWith('.test.ts')) continue;
    const where = path.relative(src, file);
    for (const { target } of importsOf(file)) {
      const what = path.relative(src, target);
      if (what.startsWith('..')) continue; // outside src: the app's package.json
      const to = placeIn(src, target);
      if (to === from || app.kernel.has(to)) continue;
      if (app.root.has(to)) problems.push(`${where} imports ${what}: only the entry imports it`);
      else if (app.kernel.has(from)) {
        const read = path.relative(path.join(src, to), target);
        const listed =
          where === app.pageList || app.lists.some((list) => where === list.file && read === list.reads);
        if (!listed) problems.push(`${where} imports ${what}: ${app.listRule}`);
      } else if (!app.publicFiles.has(path.relative(path.join(src, to), target)))
        problems.push(
          `${where} imports ${what}: another area is reached only through its ${[...app.publicFiles].join(' or ')}`,
        );
    }
  }
  return problems;
}

/** Import circles among the files of src, lazy imports included; one line per circle found. */
function cycles(src) {
  const graph = new Map(files(src).map((f) => [f, importsOf(f).map((i) => i.target)]));
  const state = new Map();
  const stack = [];
  const found = [];
  const visit = (file) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') {
        const circle = stack.slice(stack.indexOf(next)).concat(next);
        found.push(`import circle: ${circle.map((f) => path.relative(src, f)).join(' -> ')}`);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

const apps = path.join(import.meta.dirname, '../apps');
const [which, dir] = process.argv.slice(2);
const checks = {
  server: (src) => [...serverProblems(src), ...cycles(src)],
  web: (src) => [...appProblems(WEB, src), ...cycles(src)],
  admin: (src) => [...appProblems(ADMIN, src), ...cycles(src)],
};
const trees = which
  ? [[which, path.resolve(dir)]]
  : [
      ['server', path.join(apps, 'server/src')],
      ['web', path.join(apps, 'web/src')],
      ['admin', path.join(apps, 'admin/src')],
    ];

let failed = false;
for (const [name, src] of trees) {
  const problems = checks[name](src);
  if (problems.length === 0) continue;
  failed = true;
  console.error(`import boundaries (${name}): ${problems.length} problem(s)`);
  for (const p of problems) console.error(`- ${p}`);
}
if (failed) process.exit(1);
console.log(
  'import boundaries: every area reaches the others through their index.ts; the platform and the web and admin kernels import no area; no import circle in the server, web and admin apps',
);
