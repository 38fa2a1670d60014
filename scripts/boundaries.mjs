import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's import boundaries (docs/ARCHITECTURE.md, "Rules between areas"), checked in the lint
 * step so a forbidden import fails `npm test`:
 * - an area imports another area only through that area's `index.ts`, its one module;
 * - the platform layer (shared infrastructure) never imports an area;
 * - only the composition root (`app.ts`, `main.ts`, `areas.ts`, the `check-ledger.ts` command) and tests see everything.
 */
/** The server's sources, or another tree given as the first argument (the tests give one). */
const SRC = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/server/src'));
const PLATFORM = new Set([
  'platform',
  'db',
  'bus',
  'http',
  'i18n',
  'security',
  'delivery',
  'ws',
  'web',
  'pending',
  // The trading pipeline: generic machinery that products plug their policies into.
  'trading',
]);
const PLATFORM_FILES = new Set(['config.ts', 'context.ts']);
const ROOT = new Set(['app.ts', 'main.ts', 'areas.ts', 'check-ledger.ts']);

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return name.endsWith('.ts') ? [full] : [];
  });

/** The top folder (or top-level file) of a path inside src. */
const placeOf = (file) => path.relative(SRC, file).split(path.sep)[0];
const isPlatform = (place) => PLATFORM.has(place) || PLATFORM_FILES.has(place);

const problems = [];
for (const file of files(SRC)) {
  const from = placeOf(file);
  if (ROOT.has(from)) continue;
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^(?:import|export)[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    const target = path.resolve(path.dirname(file), m[1]);
    const to = placeOf(target);
    if (to === from || isPlatform(to)) continue;
    const where = path.relative(SRC, file);
    const what = path.relative(SRC, target);
    if (ROOT.has(to)) problems.push(`${where} imports ${what}: only the composition root imports it`);
    else if (isPlatform(from)) problems.push(`${where} imports ${what}: the platform never imports an area`);
    else if (path.relative(path.join(SRC, to), target) !== 'index.ts')
      problems.push(`${where} imports ${what}: another area is reached only through its index.ts`);
  }
}

if (problems.length > 0) {
  console.error(`import boundaries: ${problems.length} problem(s)`);
  for (const p of problems) console.error(`- ${p}`);
  process.exit(1);
}
console.log(
  'import boundaries: every area reaches the others through their index.ts; the platform imports no area',
);
