import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from './run.mjs';
import { SHARED_SETUP_TESTS, sharedSetupAvailable } from './shared-setup-tests.mjs';
import { slowestFiles } from './test-report.mjs';

/**
 * `npm test`: every check CI runs: typecheck, lint (with the server's import boundaries), unit and
 * integration tests (PostgreSQL too when TEST_DATABASE_URL is set), the builds, the first-route
 * budget, and the e2e journeys in Chromium. Three lanes run at once: the unit and integration tests
 * (their output live); the build, budget and e2e journeys; the typecheck and lint (decision 0118:
 * 680-709 s on a quiet 2-core machine, against about 660 s one stage after the other for a smaller
 * suite: not shown faster yet, see its correction). The side lanes' output
 * is printed in one piece when each step ends: it would cut through the tests'. The build builds
 * what is not built from today's sources (`npm install` built the apps already; a failed build
 * leaves no stamp, so it is built here) at the fast compression level: the release level's brotli
 * is what a release serves, not what the tests check. Each step's time is printed, and after the
 * test steps their slowest files: where the next minutes are to be won.
 */
if (!sharedSetupAvailable())
  console.log(
    `TEST_DATABASE_URL and TEST_REDIS_URL are not both set: the integration suites run on PGlite only, and the ${SHARED_SETUP_TESTS.length} files of several instances (${SHARED_SETUP_TESTS.map((f) => path.basename(f, '.test.ts')).join(', ')}) do not run. .ci/run sets both.`,
  );
const reports = await mkdtemp(path.join(tmpdir(), 'otc-test-'));
const vitest = (name, projects) => {
  const report = path.join(reports, `${name}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  return {
    cmd: 'npx',
    args: [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    report,
  };
};
const step = (name, cmd, args) => ({ name, cmd, args });
const tests = vitest('tests', ['unit', 'integration', 'integration-alone']);
const e2e = vitest('e2e', ['e2e']);

/** Stages run in order; a stage's lanes run at once, each lane's steps one after the other. */
const stages = [
  [
    [{ name: 'unit and integration', ...tests, live: true }],
    [
      step('build', 'node', ['scripts/build-if-changed.mjs', '--level=start']),
      step('budget', 'node', ['scripts/budget.mjs']),
      { name: 'e2e', ...e2e },
    ],
    [
      step('typecheck', 'npm', ['run', '--silent', 'typecheck']),
      step('lint', 'npm', ['run', '--silent', 'lint']),
    ],
  ],
];

const started = performance.now();
const times = [];
let failed = 0;
for (const lanes of stages) {
  const codes = await Promise.all(lanes.map(runLane));
  failed = codes.find((code) => code !== 0) ?? 0;
  if (failed) break;
}
console.log(
  `\n=== time per step (three lanes side by side: the tests; build, budget, e2e; typecheck, lint) ===\n${times
    .map(([n, s]) => `${s.toFixed(0).padStart(6)} s  ${n}`)
    .join('\n')}\n${((performance.now() - started) / 1000).toFixed(0).padStart(6)} s  in all`,
);
await rm(reports, { recursive: true, force: true });
if (failed) process.exit(failed);
console.log('\nAll checks passed.');

/** A lane's steps one after another, stopping at the first failure; resolves with its exit code. */
async function runLane(steps) {
  for (const { name, cmd, args, report, live } of steps) {
    const began = performance.now();
    if (live) console.log(`\n=== ${name} ===`);
    const code = live ? await run(cmd, args) : await runQuiet(name, cmd, args);
    times.push([name, (performance.now() - began) / 1000]);
    if (report) await printSlowest(report);
    if (code !== 0) {
      console.error(`\n${name} failed (exit ${code})`);
      return code;
    }
  }
  return 0;
}

/** Runs a step with its output kept, printed in one piece when it ends. */
function runQuiet(name, cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (d) => output.push(d));
    child.stderr.on('data', (d) => output.push(d));
    const done = (code) => {
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`\n=== ${name} ===${text ? `\n${text}` : ''}`);
      resolve(code);
    };
    // 'close', not 'exit': the output may still be arriving when the process exits.
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(127));
  });
}

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
