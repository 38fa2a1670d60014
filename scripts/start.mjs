import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfChanged, run } from './build-if-changed.mjs';

/**
 * `npm start`: builds what changed (scripts/build-if-changed.mjs), then runs the server bundle in
 * this process. The server bundle is built first: its `prepare.js` creates and migrates a first
 * start's embedded database while Vite builds the two apps (on a first start both take seconds:
 * side by side, the wait is the longer of the two, not their sum).
 */
const root = fileURLToPath(new URL('..', import.meta.url));

if (!(await buildIfChanged({ only: ['server'] }))) process.exit(1);
const [built, prepared] = await Promise.all([
  buildIfChanged({ only: ['web app', 'back office'] }),
  run(process.execPath, ['apps/server/dist/prepare.js'], '.'),
]);
if (!built) process.exit(1);
if (prepared !== 0) {
  console.error('preparing the database failed');
  process.exit(prepared);
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
