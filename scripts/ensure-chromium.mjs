import { existsSync } from 'node:fs';
import { run } from './run.mjs';

/**
 * The e2e journeys drive the system Chromium (a test tool's own browser download cannot work
 * here). Finds it, installs Debian's `chromium` when it is missing and apt-get can, else says how.
 */
const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

export async function ensureChromium() {
  const found = CANDIDATES.find((p) => p && existsSync(p));
  if (found) return found;
  const canApt = existsSync('/usr/bin/apt-get') && process.getuid?.() === 0;
  if (canApt) {
    console.log("Chromium is missing: installing Debian's chromium package (apt-get install -y chromium)...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    let code = await run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env });
    if (code !== 0) {
      await run('apt-get', ['update'], { env });
      code = await run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env });
    }
    if (code === 0 && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    'The e2e tests need Chromium and it could not be found or installed. Install it with ' +
      '`sudo apt-get install chromium` (Debian/Ubuntu) or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureChromium().then(
    (p) => console.log(p),
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
