import { defineConfig } from 'vitest/config';
import { localeTiers } from './apps/web/locale-tiers.ts';

export default defineConfig({
  test: {
    projects: [
      {
        // The web app's modules import strings by tier (apps/web/src/i18n/tiers.ts), as its build does.
        plugins: [localeTiers()],
        test: {
          name: 'unit',
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/integration/**/*.test.ts'],
          globalSetup: ['apps/server/test/integration/global-setup.ts'],
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
          // What a person sees can take a moment on a busy machine: wait up to 10 s, not the default 1 s.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          testTimeout: 90000,
          hookTimeout: 120000,
          fileParallelism: false,
        },
      },
    ],
  },
});
