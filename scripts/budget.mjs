import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The first route's JavaScript must stay under 150 KB gzipped (issue 2): the entry, every chunk
 * it imports statically, and the home page's lazy chunk with its own static imports, since all
 * of them load before home shows. Other lazy pages, the chart, the wallet and admin are not in it.
 */
const LIMIT = 150 * 1024;
const FIRST_ROUTE_PAGE = 'src/home/HomePage.tsx';
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entry || !manifest[FIRST_ROUTE_PAGE]) {
  console.error(`budget: the manifest has no entry or no ${FIRST_ROUTE_PAGE}`);
  process.exit(1);
}
const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
visit(entry);
visit(FIRST_ROUTE_PAGE);

let total = 0;
for (const file of [...files].filter((f) => f.endsWith('.js'))) {
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`budget: ${file} ${(size / 1024).toFixed(1)} KB gzipped`);
}
console.log(
  `budget: first route ${(total / 1024).toFixed(1)} KB of ${LIMIT / 1024} KB gzipped (${total} of ${LIMIT} bytes)`,
);
if (total > LIMIT) {
  console.error('budget: the first route is over budget');
  process.exit(1);
}
