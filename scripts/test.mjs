import { run } from './run.mjs';

/**
 * `npm test`: every check CI runs, in order, stopping at the first failure: typecheck, lint (with the
 * server's import boundaries), unit and integration tests (PostgreSQL too when TEST_DATABASE_URL is
 * set), the builds, the first-route budget, and the e2e journeys in Chromium.
 */
const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['unit and integration', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'integration']],
  ['build', 'npm', ['run', '--silent', 'build']],
  ['budget', 'node', ['scripts/budget.mjs']],
  ['e2e', 'npx', ['vitest', 'run', '--project', 'e2e']],
];

for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const code = await run(cmd, args);
  if (code !== 0) {
    console.error(`\n${name} failed (exit ${code})`);
    process.exit(code);
  }
}
console.log('\nAll checks passed.');
