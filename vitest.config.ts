import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/integration/**/*.test.ts'],
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
