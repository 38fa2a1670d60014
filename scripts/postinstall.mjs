import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfChanged } from './build-if-changed.mjs';

/**
 * `npm install`'s last step: what a first `npm start` would otherwise do before it serves, done
 * while the person is already waiting for the install: the migrated embedded database template
 * (apps/server/src/db/make-template.ts) and the three builds (the web app, the back office, the
 * server bundle; fast compressed copies, which `npm start` rewrites at the release level once it
 * serves), side by side. The start checks each build's inputs as before, so a pull or an edit after
 * the install is built again at the start. It never fails the install: whatever is not made here,
 * the start makes.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

const template = new Promise((resolve) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/db/make-template.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  child.on('exit', (code) => resolve(code === 0));
  child.on('error', () => resolve(false));
});
const builds = buildIfChanged({ level: 'start' }).catch((error) => {
  console.warn(String(error));
  return false;
});

const [, built] = await Promise.all([template, builds]);
if (built) console.log(`the apps are built (${seconds()} s): \`npm start\` serves them at once`);
else console.warn('the apps were not all built here: `npm start` builds what is missing');
