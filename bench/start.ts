import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * How long `npm start` takes until it serves (the first 200 from /healthz), as a person runs it:
 * a first start (a fresh clone after `npm install`: no build in apps/{web,admin,server}/dist
 * but what the tree's own install step makes, an empty data directory) and a later start (builds
 * present, the data directory of a first start with its history filled). The install step (the
 * tree's `postinstall` script, if it has one: the embedded database's template and, since issue
 * 24, the builds) runs before each first start under the same load, and its time is reported
 * beside the start's: work moved into the install is shown, not hidden. Three runs
 * each, the median against the goals of issue #13. Also: how long the first start's history takes
 * to land, and a later start of the sources through tsx (how `npm start` ran the server before)
 * against the server bundle it runs now. The peer is `npm start` as it was before issue 13's change
 * (the repository at BENCH_START_BEFORE, extracted with `git archive`, on this tree's node_modules):
 * each of its runs alternates with ours, so both see the same load on this shared machine (the
 * load average is reported with the figures). `--load N` (issue 24) runs N busy processes beside
 * every start, ours and the peer's (a CPU-bound loop each: other work open on the machine), from
 * before the first run (long enough for the load average to show them) until the last, then stops
 * them by pid.
 */
const { values: opts } = parseArgs({
  options: {
    report: { type: 'string' },
    runs: { type: 'string', default: process.env.BENCH_START_RUNS ?? '3' },
    // The last commit before issue 24's change (it built the apps one after the other, with
    // brotli 11 copies, before serving). Issue 13's was 56347e3 (both apps built at every start,
    // the history generated before listening).
    before: { type: 'string', default: process.env.BENCH_START_BEFORE ?? '5c8e437' },
    load: { type: 'string', default: process.env.BENCH_START_LOAD ?? '0' },
  },
});
const root = fileURLToPath(new URL('..', import.meta.url));
// Issue 13's goals on a quiet machine; issue 24's: a first start within 10 s at load 4.
const LOAD = Number(opts.load);
const GOAL = { firstS: LOAD > 0 ? 10 : 15, laterS: 5 };
const RUNS = Number(opts.runs);
/** How long the busy processes run before the first start: the 1-minute load average then shows most of them. */
const LOAD_WARMUP_MS = 45_000;
const DISTS = ['apps/web/dist', 'apps/admin/dist', 'apps/server/dist'];
/** What an install makes beside node_modules (the embedded database's template): made again for each first start. */
const INSTALL_CACHE = 'node_modules/.cache/otc-pglite';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  seconds: number;
  out: () => string;
}

/** Starts `cmd` in `cwd`, in a process group of its own, and waits for the first 200 from /healthz. */
async function startUntilServing(cmd: string[], dataDir: string, cwd = root): Promise<Started> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(cmd[0] as string, cmd.slice(1), {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${cmd.join(' ')} exited:\n${out}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, seconds: (performance.now() - t0) / 1000, out: () => out };
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stops the whole group (npm and the server under it). */
async function stop(s: Started): Promise<void> {
  const exited = new Promise((r) => s.child.once('exit', r));
  process.kill(-(s.child.pid as number), 'SIGTERM');
  const timer = setTimeout(() => process.kill(-(s.child.pid as number), 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  // The server under npm exits after npm has: give it its moment to close the database.
  await new Promise((r) => setTimeout(r, 1000));
}

async function historyFilled(s: Started, t0: number): Promise<number> {
  for (;;) {
    if (/"msg":"market history filled"/.test(s.out())) return (performance.now() - t0) / 1000;
    if (s.child.exitCode !== null) throw new Error(`the server exited while filling:\n${s.out()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A fresh clone's install step in `cwd`: what `npm install` runs after fetching the packages (the
 * tree's `postinstall`, if any), from no build and no template. Resolves its seconds.
 */
async function installStep(cwd: string): Promise<number> {
  for (const d of DISTS) await rm(path.join(cwd, d), { recursive: true, force: true });
  // A link (the peer's node_modules entries) is left alone: the peer has no template of its own.
  await rm(path.join(cwd, INSTALL_CACHE), { recursive: true, force: true });
  const t0 = performance.now();
  const code = await new Promise<number>((resolve) => {
    const p = spawn('npm', ['run', '--silent', '--if-present', 'postinstall'], { cwd, stdio: 'ignore' });
    p.on('exit', (c) => resolve(c ?? 1));
  });
  if (code !== 0) throw new Error(`the install step in ${cwd} failed (exit ${code})`);
  return (performance.now() - t0) / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const fmt = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** N busy processes (a CPU-bound loop each), stopped by pid with the returned function. */
function busy(n: number): () => void {
  const children = Array.from({ length: n }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return () => {
    for (const c of children) if (c.pid !== undefined && c.exitCode === null) process.kill(c.pid, 'SIGKILL');
  };
}

/** The repository as it was at `rev`, in `dir`, on this tree's node_modules. */
async function checkout(rev: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const code = await new Promise<number>((resolve) => {
    const p = spawn('sh', ['-c', `git -C "${root}" archive "${rev}" | tar -x -C "${dir}"`], {
      stdio: 'inherit',
    });
    p.on('exit', (c) => resolve(c ?? 1));
  });
  if (code !== 0) throw new Error(`could not extract ${rev}`);
  // Every npm package from this tree's node_modules, but the workspace's own (@otc/...) from the
  // peer's tree: a link to this tree's would build the peer's apps on today's protocol and core.
  const modules = path.join(dir, 'node_modules');
  await mkdir(path.join(modules, '@otc'), { recursive: true });
  for (const entry of await readdir(path.join(root, 'node_modules'))) {
    // Not its install cache: the peer's install step makes its own.
    if (entry !== '@otc' && entry !== '.cache')
      await symlink(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  for (const pkg of await readdir(path.join(root, 'node_modules/@otc'))) {
    await symlink(await readlink(path.join(root, 'node_modules/@otc', pkg)), path.join(modules, '@otc', pkg));
  }
}

const tmp = await mkdtemp(path.join(os.tmpdir(), 'otc-bench-start-'));
const peerDir = path.join(tmp, 'before');
const peerFirst: number[] = [];
const peerInstall: number[] = [];
const install: number[] = [];
const peerLater: number[] = [];
let peerData = '';
const first: number[] = [];
const firstLoad: string[] = [];
const peerFirstLoad: string[] = [];
let filledAfter = 0;
let dataDir = '';
const stopLoad = busy(LOAD);
try {
  await checkout(opts.before as string, peerDir);
  if (LOAD > 0) {
    console.log(`${LOAD} busy processes started; the first start in ${LOAD_WARMUP_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, LOAD_WARMUP_MS));
  }
  for (let i = 0; i < RUNS; i++) {
    // The peer first, from its own install step and an empty data directory too.
    peerInstall.push(await installStep(peerDir));
    peerData = await mkdtemp(path.join(tmp, 'peer-data-'));
    const p = await startUntilServing(['npm', 'start', '--silent'], peerData, peerDir);
    peerFirst.push(p.seconds);
    peerFirstLoad.push(load());
    await stop(p);
    console.log(
      `before, first start ${i + 1}: serving after ${p.seconds.toFixed(1)} s (load ${peerFirstLoad.at(-1)})`,
    );
    install.push(await installStep(root));
    console.log(
      `install step ${i + 1}: ${install.at(-1)?.toFixed(1)} s (before: ${peerInstall.at(-1)?.toFixed(1)} s)`,
    );
    dataDir = await mkdtemp(path.join(tmp, 'data-'));
    const t0 = performance.now();
    const s = await startUntilServing(['npm', 'start', '--silent'], dataDir);
    first.push(s.seconds);
    // When it serves: the load average it ran under (a 1-minute average lags behind a start).
    firstLoad.push(load());
    console.log(`first start ${i + 1}: serving after ${s.seconds.toFixed(1)} s (load ${firstLoad.at(-1)})`);
    // The last first start runs on until its history is there: the later starts use its data.
    if (i === RUNS - 1) {
      filledAfter = await historyFilled(s, t0);
      console.log(`its history was filled ${filledAfter.toFixed(1)} s after the start`);
    }
    await stop(s);
  }
  const later: number[] = [];
  const laterTsx: number[] = [];
  const laterLoad: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const p = await startUntilServing(['npm', 'start', '--silent'], peerData, peerDir);
    peerLater.push(p.seconds);
    await stop(p);
    console.log(`before, later start ${i + 1}: ${p.seconds.toFixed(1)} s`);
    const s = await startUntilServing(['npm', 'start', '--silent'], dataDir);
    later.push(s.seconds);
    laterLoad.push(load());
    await stop(s);
    const t = await startUntilServing(
      [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'],
      dataDir,
    );
    laterTsx.push(t.seconds);
    await stop(t);
    console.log(
      `later start ${i + 1}: ${s.seconds.toFixed(1)} s (sources through tsx: ${t.seconds.toFixed(1)} s)`,
    );
  }

  const verdict = (s: number, goal: number) =>
    s <= goal ? `met (≤ ${goal} s)` : `**missed** (goal ${goal} s)`;
  const markdown = [
    '`npm start` until it serves (the first 200 from `/healthz`), as a person runs it: a **first start** ' +
      '(a fresh clone after `npm install`: no build in `apps/{web,admin,server}/dist` but what the ' +
      "tree's own install step makes, an empty data directory) and a **later start** (builds " +
      'present, the data directory of a first start with its history filled). PGlite. Goals from issue #13 ' +
      '(15 s first, 5 s later) and, with a load beside it, issue #24 (10 s first at load 4). ' +
      `"Before" is \`npm start\` at ${opts.before}, each of its runs alternating with ours. ` +
      (LOAD > 0
        ? `${LOAD} busy processes (a CPU-bound loop each) ran beside every start, from ${LOAD_WARMUP_MS / 1000} s before the first; ` +
          'the load average is read when each start serves.'
        : 'No load added (the machine is shared: see the load average, read when each start serves).'),
    '',
    '| start | median | runs (s) | before: median (runs) | before / now | goal | load average (1/5/15 min) at each run |',
    '|---|---|---|---|---|---|---|',
    `| first | **${median(first).toFixed(1)} s** | ${fmt(first)} | ${median(peerFirst).toFixed(1)} s (${fmt(peerFirst)}) | ${(median(peerFirst) / median(first)).toFixed(1)}x | ${verdict(median(first), GOAL.firstS)} | ${firstLoad.join('; ')} (before: ${peerFirstLoad.join('; ')}) |`,
    `| later | **${median(later).toFixed(1)} s** | ${fmt(later)} | ${median(peerLater).toFixed(1)} s (${fmt(peerLater)}) | ${(median(peerLater) / median(later)).toFixed(1)}x | ${verdict(median(later), GOAL.laterS)} | ${laterLoad.join('; ')} |`,
    `| the install step before each first start (the tree's \`postinstall\`: not in the start's figure) | ${median(install).toFixed(1)} s | ${fmt(install)} | ${median(peerInstall).toFixed(1)} s (${fmt(peerInstall)}) | | | |`,
    `| later, the sources through tsx (before: \`npm run serve\`) | ${median(laterTsx).toFixed(1)} s | ${fmt(laterTsx)} | | | | |`,
    '',
    `The first start serves at once and fills the market's year of candles in the background: on the last ` +
      `first start it was all there ${filledAfter.toFixed(1)} s after the start. The machine is shared with ` +
      'other work (the load average beside each run): on a quiet machine the figures are lower.',
  ].join('\n');
  console.log(`\n${markdown}`);
  // Its own section with a load beside it, so the quiet figures stay in docs/BENCHMARKS.md.
  const title = LOAD > 0 ? `Start, at load ${LOAD}` : 'Start';
  if (opts.report) await writeFile(opts.report, JSON.stringify({ title, markdown }));
} finally {
  stopLoad();
  await rm(tmp, { recursive: true, force: true });
}
