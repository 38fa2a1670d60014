import { fork } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LatencyHistogram } from './latency.ts';
import type { FromClients, ToClients } from './socket-fanout-ipc.ts';
import { startNaiveBroadcaster } from './socket-fanout-peer.ts';
import { startOurs } from './socket-server.ts';

/**
 * Socket fan-out, one channel: N clients (in a forked process) subscribe to one book's trades (a
 * channel never conflated, decision 0157, so each message is a frame); the server publishes trades
 * stamped with their send time; each client records receive time − ts. `socket-screens.ts` models
 * the screens, with conflation. Our gateway and a
 * naive `ws` broadcaster (the peer) run the same workload in the same run, so the ratio holds on a
 * noisy machine even when the absolute figures do not.
 */
const { values: opts } = parseArgs({
  options: {
    clients: { type: 'string', default: process.env.BENCH_CLIENTS ?? '1000,10000' },
    ticks: { type: 'string', default: process.env.BENCH_TICKS ?? '100' },
    interval: { type: 'string', default: process.env.BENCH_TICK_MS ?? '100' },
    reps: { type: 'string', default: process.env.BENCH_REPS ?? '2' },
    procs: { type: 'string', default: process.env.BENCH_CLIENT_PROCS ?? '1' },
    report: { type: 'string' },
  },
});
const CLIENT_COUNTS = (opts.clients ?? '').split(',').map(Number);
const TICKS = Number(opts.ticks);
const INTERVAL_MS = Number(opts.interval);
const REPS = Number(opts.reps);
/** Load-generator processes; the clients are split evenly between them. */
const PROCS = Number(opts.procs);
const SYMBOL = 'BTC/USDT';
const CHANNEL = `trades:${SYMBOL}`;
const GOAL = { clients: 10_000, p99Ms: 100 };
const WARMUP = { clients: 500, ticks: 20 };
const TSX = import.meta.resolve('tsx');
const CLIENTS_SCRIPT = fileURLToPath(new URL('./socket-fanout-clients.ts', import.meta.url));

interface Target {
  name: 'ours' | 'peer';
  url: string;
  publish(tick: number, ts: number): void;
}

/** One run of one server: N clients, TICKS ticks. */
interface Sample {
  subscribed: number;
  failed: number;
  openAtEnd: number;
  delivered: number;
  expected: number;
  /** From the first publish to the last frame received. */
  seconds: number;
  latencies: [number, number][];
  /** Time of each publish call: serialise and write to every subscriber. */
  publishMs: number[];
  /** How late the publish timer fired at worst: the server could not keep the tick rate. */
  timerLagMaxMs: number;
  serverCpu: number;
  /** Server process CPU time over the same span, all of it and the kernel's part. */
  serverCpuMs: number;
  serverSysMs: number;
  clientsCpu: number;
  clientsCpuMs: number;
}

const priceOf = (tick: number) => (67_000 + (tick % 500) * 0.5).toFixed(2);

/** Resolves with the child's next message of `type`; rejects if it exits first or takes too long. */
function next<T extends FromClients['type']>(
  child: ReturnType<typeof fork>,
  type: T,
  timeoutMs: number,
): Promise<Extract<FromClients, { type: T }>> {
  type M = Extract<FromClients, { type: T }>;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => done(new Error(`load generator: no '${type}' in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onMessage = (m: FromClients) => {
      if (m.type === type) done(null, m as M);
    };
    const onExit = (code: number | null) =>
      done(new Error(`load generator exited (${code}) before '${type}'`));
    function done(err: Error | null, m?: M) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(m as M);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

async function runOnce(target: Target, clients: number, ticks: number): Promise<Sample> {
  const procs = Math.min(PROCS, clients);
  const children = Array.from({ length: procs }, (_, i) =>
    fork(
      CLIENTS_SCRIPT,
      [target.url, String(Math.floor(clients / procs) + (i < clients % procs ? 1 : 0)), CHANNEL],
      { execArgv: ['--import', TSX], stdio: 'inherit' },
    ),
  );
  const exited = children.map((c) => new Promise<void>((resolve) => c.once('exit', () => resolve())));
  try {
    const ready = await Promise.all(children.map((c) => next(c, 'ready', 120_000)));
    const cpuAtReady = process.cpuUsage();
    const readyAt = Date.now();
    const publishMs: number[] = [];
    let timerLagMaxMs = 0;
    const start = Date.now() + 50;
    let firstTs = 0;
    for (let tick = 0; tick < ticks; tick++) {
      const due = start + tick * INTERVAL_MS;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      const ts = Date.now();
      if (tick === 0) firstTs = ts;
      timerLagMaxMs = Math.max(timerLagMaxMs, ts - due);
      const t0 = performance.now();
      target.publish(tick, ts);
      publishMs.push(performance.now() - t0);
    }
    const pending = Promise.all(children.map((c) => next(c, 'result', 120_000)));
    for (const c of children) c.send({ type: 'published', ticks } satisfies ToClients);
    const results = await pending;
    const cpu = process.cpuUsage(cpuAtReady);
    const lastReceivedAt = Math.max(...results.map((r) => r.lastReceivedAt));
    const serverWallMs = Math.max(lastReceivedAt, Date.now()) - readyAt;
    const subscribed = ready.reduce((a, r) => a + r.subscribed, 0);
    return {
      subscribed,
      failed: ready.reduce((a, r) => a + r.failed, 0),
      openAtEnd: results.reduce((a, r) => a + r.open, 0),
      delivered: results.reduce((a, r) => a + r.delivered, 0),
      expected: subscribed * ticks,
      seconds: (lastReceivedAt - firstTs) / 1000,
      latencies: results.flatMap((r) => r.latencies),
      publishMs,
      timerLagMaxMs,
      serverCpu: (cpu.user + cpu.system) / 1000 / serverWallMs,
      serverCpuMs: (cpu.user + cpu.system) / 1000,
      serverSysMs: cpu.system / 1000,
      clientsCpu: results.reduce((a, r) => a + (r.wallMs > 0 ? r.cpuMs / r.wallMs : 0), 0),
      clientsCpuMs: results.reduce((a, r) => a + r.cpuMs, 0),
    };
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill();
    await Promise.all(exited);
  }
}

interface Row {
  server: Target['name'];
  clients: number;
  runs: number;
  subscribed: number;
  failed: number;
  openAtEnd: number;
  delivered: number;
  expected: number;
  perSecond: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
  publishMedianMs: number;
  publishMaxMs: number;
  timerLagMaxMs: number;
  serverCpu: number;
  /** Server CPU per delivered message, and the kernel's share of it. */
  serverUsPerMessage: number;
  serverKernelShare: number;
  clientsCpu: number;
  clientsUsPerMessage: number;
}

/** The runs of one server at one N as one row: latencies pooled, counts summed, the worst lag. */
function summarise(server: Target['name'], clients: number, samples: Sample[]): Row {
  const h = new LatencyHistogram();
  for (const s of samples) for (const [ms, n] of s.latencies) h.record(ms, n);
  const publish = samples.flatMap((s) => s.publishMs).sort((a, b) => a - b);
  const sum = (f: (s: Sample) => number) => samples.reduce((a, s) => a + f(s), 0);
  const seconds = sum((s) => s.seconds);
  return {
    server,
    clients,
    runs: samples.length,
    subscribed: Math.min(...samples.map((s) => s.subscribed)),
    failed: sum((s) => s.failed),
    openAtEnd: Math.min(...samples.map((s) => s.openAtEnd)),
    delivered: sum((s) => s.delivered),
    expected: sum((s) => s.expected),
    perSecond: seconds > 0 ? sum((s) => s.delivered) / seconds : 0,
    p50: h.percentile(0.5),
    p99: h.percentile(0.99),
    p999: h.percentile(0.999),
    max: h.max,
    publishMedianMs: publish[Math.floor(publish.length / 2)] ?? Number.NaN,
    publishMaxMs: publish.at(-1) ?? Number.NaN,
    timerLagMaxMs: Math.max(...samples.map((s) => s.timerLagMaxMs)),
    serverCpu: sum((s) => s.serverCpu) / samples.length,
    serverUsPerMessage:
      (sum((s) => s.serverCpuMs) * 1000) /
      Math.max(
        1,
        sum((s) => s.delivered),
      ),
    serverKernelShare:
      sum((s) => s.serverSysMs) /
      Math.max(
        1,
        sum((s) => s.serverCpuMs),
      ),
    clientsCpu: sum((s) => s.clientsCpu) / samples.length,
    clientsUsPerMessage:
      (sum((s) => s.clientsCpuMs) * 1000) /
      Math.max(
        1,
        sum((s) => s.delivered),
      ),
  };
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (Number.isNaN(n) ? '—' : n < 10 ? n.toFixed(1) : int(n));
const pct = (n: number) => `${Math.round(n * 100)}`;
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '—');

function markdown(rows: Row[]): string {
  const lines = [
    `Workload: each client subscribes to \`${CHANNEL}\`; once all are subscribed the server publishes ` +
      `${TICKS} ticks, one every ${INTERVAL_MS} ms, each stamped \`ts = Date.now()\` at publish; each client ` +
      'records receive time − `ts` (same machine clock, 1 ms resolution). The server runs in the benchmark ' +
      `process, the clients in ${PROCS === 1 ? 'a forked process' : `${PROCS} forked processes`}. ` +
      '**Ours**: the app from `buildApp` (PGlite in memory, rate limits raised, logs silent), each trade ' +
      "published on its bus as a book's engine does; the gateway serialises and frames each message once and writes the same " +
      "bytes to every subscriber's socket. **Peer**: a plain `ws` server with an array of clients that runs " +
      '`JSON.stringify` and `send` per client for every message (the common naive broadcaster), same ' +
      `frames. Each server runs ${REPS} times per client count, in the order ours, peer, peer, ours (after ` +
      'an unreported warm-up of both); latencies are pooled over the runs.',
    '',
    'The load generator (`bench/socket-fanout-clients.ts` with `bench/socket-fanout-wire.ts`), the same ' +
      'for both servers: every client is a WebSocket client over a TCP connection of its own. It sends the ' +
      'HTTP Upgrade with a random `Sec-WebSocket-Key` and no extension, and fails the connection unless the ' +
      'answer is `101` with `Upgrade: websocket`, `Connection: Upgrade` and the right `Sec-WebSocket-Accept`; ' +
      'it masks its frames, parses the 7-bit, 126 and 127 length forms from reads split anywhere, joins ' +
      'fragmented messages (control frames between fragments included), answers pings with pongs and a ' +
      'close with a close, and fails on a masked server frame, RSV bits or unknown opcodes. It reads through ' +
      'one buffer shared by all its sockets (`onread`: no stream, event or copy per whole frame). A message ' +
      'counts as delivered once its frame is parsed whole, it starts `{"type":"data",` and its trailing ' +
      '`ts` is read.',
    '',
    '- *Publish call*: time the server spent in one publish (serialise and write to every subscriber).',
    '- *Timer lag*: how late a tick was published at worst. Above 0 the server could not keep the tick ' +
      'rate, so fewer ticks per second went out than asked; `ts` is taken at the real publish, so that ' +
      'backlog is not in the latencies.',
    '- *CPU*: of one core, server process and load-generator process(es), from all subscribed to the last frame.',
    '- *CPU µs per message*: that CPU time divided by the messages delivered, for the server (with the ' +
      "kernel's share: writing each frame to its TCP socket) and for the clients.",
    '',
    '| Clients | Server | Subscribed | Delivered / expected | Msgs/s delivered | p50 ms | p99 ms | p99.9 ms | max ms | Publish call median / max ms | Timer lag max ms | CPU server / clients % | CPU µs per message: server (kernel %) / clients |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows)
    lines.push(
      `| ${int(r.clients)} | ${r.server} | ${int(r.subscribed)}${r.failed ? ` (${int(r.failed)} failed)` : ''} | ` +
        `${int(r.delivered)} / ${int(r.expected)} | ${int(r.perSecond)} | ${ms(r.p50)} | ${ms(r.p99)} | ` +
        `${ms(r.p999)} | ${ms(r.max)} | ${ms(r.publishMedianMs)} / ${ms(r.publishMaxMs)} | ` +
        `${ms(r.timerLagMaxMs)} | ${pct(r.serverCpu)} / ${pct(r.clientsCpu)} | ` +
        `${r.serverUsPerMessage.toFixed(1)} (${pct(r.serverKernelShare)}) / ${r.clientsUsPerMessage.toFixed(1)} |`,
    );
  lines.push('', '| Clients | p99 ours / peer | Throughput ours / peer |', '|---:|---:|---:|');
  for (const n of CLIENT_COUNTS) {
    const ours = rows.find((r) => r.clients === n && r.server === 'ours');
    const peer = rows.find((r) => r.clients === n && r.server === 'peer');
    if (ours && peer)
      lines.push(`| ${int(n)} | ${ratio(ours.p99, peer.p99)} | ${ratio(ours.perSecond, peer.perSecond)} |`);
  }
  const atGoal = rows.find((r) => r.server === 'ours' && r.clients === GOAL.clients);
  const label = `Goal (${int(GOAL.clients)} clients at p99 under ${GOAL.p99Ms} ms, every message delivered)`;
  const met =
    atGoal &&
    atGoal.p99 < GOAL.p99Ms &&
    atGoal.delivered === atGoal.expected &&
    atGoal.subscribed === GOAL.clients;
  lines.push(
    '',
    !atGoal
      ? `${label}: not measured in this run.`
      : `${label}: **${met ? 'met' : 'not met'}**: ours p99 ${ms(atGoal.p99)} ms, ${int(atGoal.subscribed)} ` +
          `subscribed, ${int(atGoal.delivered)} of ${int(atGoal.expected)} delivered, timer lag up to ` +
          `${ms(atGoal.timerLagMaxMs)} ms.`,
  );
  if (atGoal) {
    const perSecond = (GOAL.clients * 1000) / INTERVAL_MS;
    const cores = (us: number) => ((us * perSecond) / 1e6).toFixed(2);
    const total = atGoal.serverUsPerMessage + atGoal.clientsUsPerMessage;
    lines.push(
      '',
      `At ${int(perSecond)} messages a second, ours at ${atGoal.serverUsPerMessage.toFixed(1)} µs of server ` +
        `CPU per message (${pct(atGoal.serverKernelShare)}% of it in the kernel) needs ` +
        `${cores(atGoal.serverUsPerMessage)} cores for the server, and the clients at ` +
        `${atGoal.clientsUsPerMessage.toFixed(1)} µs ${cores(atGoal.clientsUsPerMessage)} more: ` +
        `${cores(total)} of the machine's ${os.cpus().length}.`,
    );
  }
  return lines.join('\n');
}

const ours = await startOurs();
const peer = await startNaiveBroadcaster();
/** One trade, as a book's trades channel carries it (`BookTrade[]`), stamped with its publish time. */
const trade = (tick: number, ts: number) => [
  { id: String(tick + 1), price: priceOf(tick), qty: '0.01', takerSide: 'buy', ts },
];
const targets: Record<Target['name'], Target> = {
  ours: {
    name: 'ours',
    url: ours.url,
    publish: (tick, ts) => ours.bus.publish({ channel: CHANNEL, seq: tick + 1, data: trade(tick, ts) }),
  },
  peer: {
    name: 'peer',
    url: peer.url,
    publish: (tick, ts) => peer.broadcast(CHANNEL, tick + 1, trade(tick, ts)),
  },
};
/** ABBA…: a drift over the run (heat, other tenants) weighs on both servers alike. */
const order = (reps: number): Target[] =>
  Array.from({ length: reps }, (_, i) =>
    i % 2 === 0 ? [targets.ours, targets.peer] : [targets.peer, targets.ours],
  ).flat();

const rows: Row[] = [];
try {
  for (const target of order(1)) await runOnce(target, WARMUP.clients, WARMUP.ticks);
  for (const clients of CLIENT_COUNTS) {
    const samples: Record<Target['name'], Sample[]> = { ours: [], peer: [] };
    for (const target of order(REPS)) {
      // Let the server see the previous run's sockets close first.
      await sleep(500);
      const s = await runOnce(target, clients, TICKS);
      samples[target.name].push(s);
      const h = new LatencyHistogram();
      for (const [v, n] of s.latencies) h.record(v, n);
      console.log(
        `socket fan-out ${target.name} ${clients} clients: ${s.subscribed} subscribed, ` +
          `${s.delivered}/${s.expected} delivered, p50 ${h.percentile(0.5)} p99 ${h.percentile(0.99)} ` +
          `max ${h.max} ms, timer lag ${s.timerLagMaxMs} ms`,
      );
    }
    rows.push(summarise('ours', clients, samples.ours), summarise('peer', clients, samples.peer));
  }
} finally {
  await ours.close();
  await peer.close();
}

const md = markdown(rows);
console.log(`\n${md}`);
if (opts.report) await writeFile(opts.report, JSON.stringify({ title: 'Socket fan-out', markdown: md }));
