import { defineConfig } from 'vitest/config';
import { localeTiers } from './apps/web/locale-tiers.ts';
import { SHARED_SETUP_TESTS, sharedSetupAvailable } from './scripts/shared-setup-tests.mjs';

/** Integration files that run alone (see the integration-alone project). */
const ALONE = [
  'platform/jobs-crash',
  'spot/spot-crash',
  'app/shutdown',
  'auth/session-instances',
  'seconds/seconds-crash',
  'positions/funding-crash',
  'positions/positions-instances',
  'app/production-refusals',
  'db/dir-lock',
  'release/release',
  'app/cluster',
].map((f) => `apps/server/test/integration/${f}.test.ts`);

/** Without a shared PostgreSQL and Redis, the files of several instances have nothing to run. */
const LEFT_OUT = sharedSetupAvailable() ? [] : SHARED_SETUP_TESTS;

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on this 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        // The web app's modules import strings by tier (apps/web/src/i18n/tiers.ts), as its build does.
        plugins: [localeTiers()],
        test: {
          name: 'unit',
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            // The web's and the back office's sides of the new-area proof, with their fixtures.
            'apps/web/test/**/*.test.ts',
            'apps/admin/test/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        // Each file owns its databases (a PGlite copy, a PostgreSQL schema), Redis prefix and ports,
        // so two run at once: tests that wait (timers, PostgreSQL, Redis) leave the other core work.
        // A worker keeps the server's modules between its files (isolate off): importing them again
        // for each file cost about 2 s of CPU a file; the state a file makes is in its own databases.
        test: {
          name: 'integration',
          include: ['apps/server/test/integration/**/*.test.ts'],
          exclude: [...ALONE, ...LEFT_OUT],
          isolate: false,
          globalSetup: ['apps/server/test/integration/support/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        // Files that kill and restart server processes within deadlines or time a takeover: one at a
        // time, after the rest, so a busy neighbour cannot stretch their deadlines. Files that only
        // stop and start their own processes and wait on conditions (market/market-history,
        // app/lost-role) run beside the others: this tail is npm test's critical path.
        test: {
          name: 'integration-alone',
          include: ALONE.filter((f) => !LEFT_OUT.includes(f)),
          globalSetup: ['apps/server/test/integration/support/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/journeys/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // What a person sees can take a moment on a busy machine: wait up to 20 s, not the default 1 s.
          expect: { poll: { timeout: 20_000, interval: 100 } },
          testTimeout: 90000,
          hookTimeout: 120000,
          // Two journey files at a time against the one server (484 s one at a time, 308-333 s two).
          // The doubled load stretches a page load or an answer by seconds at busy moments (one run in
          // five missed a 15 s wait), so waits are 30 s (lib/browser.ts) and polls 20 s, not 15 and 10.
          fileParallelism: true,
        },
      },
    ],
  },
});
