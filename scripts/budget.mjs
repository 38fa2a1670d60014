import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The first route's JavaScript (what index.html loads before any lazy page) must stay under
 * 150 KB gzipped (issue 2). Lazy pages, the chart, the wallet and admin code are not in it.
 */
const LIMIT = 150 * 1024;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]);
if (scripts.length === 0) {
  console.error('budget: no script found in apps/web/dist/index.html');
  process.exit(1);
}
let total = 0;
for (const src of scripts) {
  const size = gzipSync(readFileSync(path.join(dist, src.replace(/^\.?\//, '')))).length;
  total += size;
  console.log(`budget: ${src} ${(size / 1024).toFixed(1)} KB gzipped`);
}
console.log(`budget: first route ${(total / 1024).toFixed(1)} KB of ${LIMIT / 1024} KB gzipped`);
if (total > LIMIT) {
  console.error('budget: the first route is over budget');
  process.exit(1);
}
