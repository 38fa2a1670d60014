/**
 * The integration files whose every suite runs two or more instances of the platform on one
 * PostgreSQL and one Redis (`SHARED_SETUPS` in the harness). Without TEST_DATABASE_URL and
 * TEST_REDIS_URL they have nothing to run, and Vitest fails a file with no suite: the test config
 * leaves them out then, and `npm test` says so. `.ci/run` sets both. A test
 * (shared-setup-tests.test.ts) keeps this list and the files in step.
 */
export const SHARED_SETUP_TESTS = [
  'auth/session-instances',
  'spot/spot-instances',
  'positions/positions-instances',
  'alerts/alerts-instances',
  'app/cluster',
].map((f) => `apps/server/test/integration/${f}.test.ts`);

/** Whether this run has the shared PostgreSQL and Redis the files above need. */
export const sharedSetupAvailable = (env = process.env) =>
  Boolean(env.TEST_DATABASE_URL && env.TEST_REDIS_URL);
