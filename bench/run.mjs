import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench [-- name… [--option value…]]`: runs the benchmarks in sequence (each against its
 * peer, in the same run) and rewrites each one's section of docs/BENCHMARKS.md with its figures,
 * the machine, the date and the command. Other sections of the file are kept. Options after the
 * names go to every benchmark run (e.g. `npm run bench -- start --load 4`).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const docPath = path.join(root, 'docs/BENCHMARKS.md');
const BENCHES = [
  { name: 'socket', script: 'bench/socket-fanout.ts' },
  { name: 'socket-screens', script: 'bench/socket-screens.ts' },
  { name: 'matching', script: 'bench/matching.ts' },
  { name: 'orders', script: 'bench/orders.ts' },
  { name: 'start', script: 'bench/start.ts' },
  { name: 'lighthouse', script: 'bench/lighthouse.ts' },
  { name: 'deposits', script: 'bench/deposit-watcher.ts' },
  { name: 'positions-ticks', script: 'bench/positions-ticks.ts' },
  { name: 'seconds', script: 'bench/seconds.ts' },
  { name: 'earn', script: 'bench/earn.ts' },
];

const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('--'));
const wanted = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);
const selected = wanted.length > 0 ? BENCHES.filter((b) => wanted.includes(b.name)) : BENCHES;
if (selected.length === 0) {
  console.error(`unknown benchmark; known: ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(2);
}

function machine() {
  const cpus = os.cpus();
  const ram = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'} × ${cpus.length}, ${ram} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()} ${os.arch()}`;
}

function command(name) {
  const env = Object.entries(process.env)
    .filter(([k]) => k.startsWith('BENCH_'))
    .map(([k, v]) => `${k}=${v} `)
    .join('');
  const rest = [...(wanted.length > 0 ? [name] : []), ...options];
  return `${env}npm run bench${rest.length > 0 ? ` -- ${rest.join(' ')}` : ''}`;
}

function run(script, report) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), script, '--report', report, ...options],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** Replaces `## title` up to the next `## ` heading, or appends it. */
function replaceSection(doc, title, body) {
  const section = `## ${title}\n\n${body.trim()}\n`;
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${title}`);
  if (start < 0) return `${doc.trimEnd()}\n\n${section}`;
  let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  if (end < 0) end = lines.length;
  const after = lines.slice(end).join('\n');
  return `${lines.slice(0, start).join('\n')}\n${section}${after ? `\n${after}` : ''}`.replace(/^\n+/, '');
}

const tmp = await mkdtemp(path.join(os.tmpdir(), 'otc-bench-'));
let failed = false;
try {
  for (const bench of selected) {
    const report = path.join(tmp, `${bench.name}.json`);
    console.log(`\n== ${bench.name}: ${bench.script}`);
    const code = await run(bench.script, report);
    if (code !== 0) {
      console.error(`${bench.name} failed (exit ${code}); its section is left as it was`);
      failed = true;
      continue;
    }
    const { title, markdown } = JSON.parse(await readFile(report, 'utf8'));
    const header = [
      `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`${command(bench.name)}\`.`,
      `Machine: ${machine()}.`,
    ].join('\n');
    const doc = await readFile(docPath, 'utf8').catch(
      () =>
        '# Benchmarks\n\nWritten by `npm run bench` (see `bench/`). Every benchmark runs a peer on the same ' +
        'workload in the same run and reports the ratio: these machines are shared and noisy, so the ' +
        'absolute figures alone mean little.\n',
    );
    await writeFile(docPath, replaceSection(doc, title, `${header}\n\n${markdown}`));
    console.log(`\nwrote the "${title}" section of docs/BENCHMARKS.md`);
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
