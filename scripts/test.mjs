import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from './run.mjs';
import { slowestFiles } from './test-report.mjs';

/**
 * `npm test`: every check CI runs, in order, stopping at the first failure: typecheck, lint (with the
 * server's import boundaries), unit and integration tests (PostgreSQL too when TEST_DATABASE_URL is
 * set), the builds, the first-route budget, and the e2e journeys in Chromium. Each step's time is
 * printed, and after the test steps their slowest files: where the next minutes are to be won.
 */
const reports = await mkdtemp(path.join(tmpdir(), 'otc-test-'));
const vitest = (name, projects) => {
  const report = path.join(reports, `${name}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  return { args: [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], report };
};
const tests = vitest('tests', ['unit', 'integration', 'integration-alone']);
const e2e = vitest('e2e', ['e2e']);
const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['unit and integration', 'npx', tests.args, tests.report],
  ['build', 'npm', ['run', '--silent', 'build']],
  ['budget', 'node', ['scripts/budget.mjs']],
  ['e2e', 'npx', e2e.args, e2e.report],
];

const times = [];
let failed = 0;
for (const [name, cmd, args, report] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const code = await run(cmd, args);
  times.push([name, (performance.now() - started) / 1000]);
  if (report) await printSlowest(report);
  if (code !== 0) {
    console.error(`\n${name} failed (exit ${code})`);
    failed = code;
    break;
  }
}
console.log(
  `\n=== time per step ===\n${times.map(([n, s]) => `${s.toFixed(0).padStart(6)} s  ${n}`).join('\n')}`,
);
await rm(reports, { recursive: true, force: true });
if (failed) process.exit(failed);
console.log('\nAll checks passed.');

async function printSlowest(report) {
  try {
    const slowest = slowestFiles(JSON.parse(await readFile(report, 'utf8')), 10);
    console.log(
      `\nslowest files:\n${slowest.map((f) => `${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`).join('\n')}`,
    );
  } catch {
    // No report (the run stopped before writing it): nothing to rank.
  }
}
