import { fork } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CONFLATION } from '@otc/protocol/socket/constants';
import { LatencyHistogram } from './latency.ts';
import { startChannelBroadcaster } from './socket-fanout-peer.ts';
import { type FromScreens, KINDS, type Kind, type ToScreens } from './socket-screens-ipc.ts';
import { startOurs } from './socket-server.ts';

/**
 * Socket fan-out as the screens use it (issue 30): home and markets clients on 20 tickers each,
 * trade-screen clients on one book's depth and trades, fed at the simulator's rate (each ticker
 * once a second; the book's depth 10 times and its trades twice a second) with a burst in the
 * middle (20 times that, for a second). Our gateway conflates (decision 0157) and a naive
 * broadcaster by channel (every message serialised and sent to each subscriber) runs the same feed
 * in the same run. Measured: whether every client ends on the latest value of every channel it
 * follows, each value's staleness (receive − publish) by kind against its cadence, every trade
 * delivered, and server CPU per delivered frame and per delivered value.
 */
const { values: opts } = parseArgs({
  options: {
    lists: { type: 'string', default: process.env.BENCH_LIST_CLIENTS ?? '2000' },
    trades: { type: 'string', default: process.env.BENCH_TRADE_CLIENTS ?? '100' },
    reps: { type: 'string', default: process.env.BENCH_REPS ?? '1' },
    /** The peer runs up to this many clients: above, its backlog of frames takes minutes to drain. */
    'peer-up-to': { type: 'string', default: process.env.BENCH_PEER_UP_TO ?? '2100' },
    /** Load-generator processes (each holds its clients' sockets: over 20,000 needs two here). */
    procs: { type: 'string', default: process.env.BENCH_CLIENT_PROCS ?? '1' },
    report: { type: 'string' },
  },
});
const LISTS = opts.lists.split(',').map(Number);
const TRADE_SCREENS = opts.trades.split(',').map(Number);
const REPS = Number(opts.reps);
const PEER_UP_TO = Number(opts['peer-up-to']);
const PROCS = Number(opts.procs);
const STEP_MS = 100;
/** Steps of steady feed, then burst, then steady again. */
const PHASES = [
  { steps: 40, burst: 1 },
  { steps: 10, burst: 20 },
  { steps: 30, burst: 1 },
];
const BOOK = 'BTC/USDT';
const CADENCE: Record<Kind, number> = { ticker: CONFLATION.ticker, depth: CONFLATION.depth, trades: 0 };
const GOAL = { lists: 20_000, trades: 1_000, pastCadenceMs: 100 };
const TSX = import.meta.resolve('tsx');
const CLIENTS_SCRIPT = fileURLToPath(new URL('./socket-screens-clients.ts', import.meta.url));

type ServerName = 'ours' | 'peer';
type Publish = (channel: string, seq: number, data: unknown) => void;

const ours = await startOurs();
const peer = await startChannelBroadcaster();
const symbols = [...ours.market.instruments.values()]
  .filter((i) => i.session === 'always' && i.kind === 'spot')
  .slice(0, 20)
  .map((i) => i.symbol);
const listChannels = symbols.map((s) => `ticker:${s}`);
const tradeChannels = [`depth:${BOOK}`, `trades:${BOOK}`];
const templates = new Map(symbols.map((s) => [s, ours.market.ticker(s)]));
const publishers: Record<ServerName, Publish> = {
  ours: (channel, seq, data) => ours.bus.publish({ channel, seq, data }),
  peer: (channel, seq, data) => peer.broadcast(channel, seq, data),
};
const urls: Record<ServerName, string> = { ours: ours.url, peer: peer.url };

/** Seq per channel, rising over the whole benchmark (no run restarts a channel's numbering). */
const seqs = new Map<string, number>();
const nextSeq = (channel: string) => {
  const seq = (seqs.get(channel) ?? 0) + 1;
  seqs.set(channel, seq);
  return seq;
};

const levels = (side: 1 | -1, step: number) =>
  Array.from({ length: 20 }, (_, i) => [`${67_000 + side * (i + 1) * 5 + (step % 7)}.5`, `0.${100 + i}`]);

/** One step's messages: tickers (some, or all twice in a burst), depth, and now and then a trade. */
function feed(publish: Publish, step: number, burst: number): void {
  const ts = Date.now();
  for (let k = 0; k < burst; k++) {
    // Steady: each ticker once a second (two of twenty every 100 ms); burst: every ticker each time.
    for (const [i, symbol] of symbols.entries()) {
      if (burst === 1 && i % 10 !== step % 10) continue;
      const channel = `ticker:${symbol}`;
      publish(channel, nextSeq(channel), { ...templates.get(symbol), price: `${100 + (step % 50)}.25`, ts });
    }
  }
  for (let k = 0; k < burst; k++) {
    const channel = `depth:${BOOK}`;
    publish(channel, nextSeq(channel), { bids: levels(-1, step + k), asks: levels(1, step + k), ts });
  }
  const tradesNow = burst === 1 ? (step % 5 === 0 ? 1 : 0) : burst / 4;
  for (let k = 0; k < tradesNow; k++) {
    const channel = `trades:${BOOK}`;
    const seq = nextSeq(channel);
    publish(channel, seq, [{ id: String(seq), price: '67000.5', qty: '0.01', takerSide: 'buy', ts }]);
  }
}

interface Sample {
  server: ServerName;
  lists: number;
  tradeScreens: number;
  subscribed: number;
  failed: number;
  open: number;
  frames: number;
  values: number;
  trades: number;
  tradesExpected: number;
  latestHeld: number;
  latestOwed: number;
  staleness: Record<Kind, LatencyHistogram>;
  timerLagMaxMs: number;
  serverCpuMs: number;
  serverSysMs: number;
  serverWallMs: number;
  clientsCpuMs: number;
  clientsWallMs: number;
}

function next<T extends FromScreens['type']>(child: ReturnType<typeof fork>, type: T, timeoutMs: number) {
  type M = Extract<FromScreens, { type: T }>;
  return new Promise<M>((resolve, reject) => {
    const timer = setTimeout(
      () => done(new Error(`load generator: no '${type}' in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onMessage = (m: FromScreens) => {
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

/** `n` split over `parts` as evenly as can be, the first parts one larger. */
const share = (n: number, parts: number, i: number) => Math.floor(n / parts) + (i < n % parts ? 1 : 0);

async function runOnce(server: ServerName, lists: number, tradeScreens: number): Promise<Sample> {
  const procs = Math.max(1, Math.min(PROCS, lists + tradeScreens));
  const children = Array.from({ length: procs }, (_, i) =>
    fork(
      CLIENTS_SCRIPT,
      [
        urls[server],
        String(share(lists, procs, i)),
        String(share(tradeScreens, procs, i)),
        listChannels.join(','),
        tradeChannels.join(','),
      ],
      { execArgv: ['--import', TSX], stdio: 'inherit' },
    ),
  );
  const exited = children.map((c) => new Promise<void>((resolve) => c.once('exit', () => resolve())));
  try {
    const ready = await Promise.all(children.map((c) => next(c, 'ready', 300_000)));
    const cpuAt = process.cpuUsage();
    const readyAt = Date.now();
    const tradesBefore = seqs.get(`trades:${BOOK}`) ?? 0;
    let timerLagMaxMs = 0;
    let step = 0;
    const start = Date.now() + 50;
    for (const phase of PHASES) {
      for (let i = 0; i < phase.steps; i++, step++) {
        const due = start + step * STEP_MS;
        const wait = due - Date.now();
        if (wait > 0) await sleep(wait);
        timerLagMaxMs = Math.max(timerLagMaxMs, Date.now() - due);
        feed(publishers[server], step, phase.burst);
      }
    }
    const pending = Promise.all(children.map((c) => next(c, 'result', 600_000)));
    const final = Object.fromEntries(seqs);
    for (const c of children) c.send({ type: 'published', final } satisfies ToScreens);
    const results = await pending;
    const cpu = process.cpuUsage(cpuAt);
    const sum = (f: (r: (typeof results)[number]) => number) => results.reduce((a, r) => a + f(r), 0);
    const staleness = Object.fromEntries(
      KINDS.map((k) => {
        const h = new LatencyHistogram();
        for (const r of results) for (const [ms, n] of r.staleness[k]) h.record(ms, n);
        return [k, h];
      }),
    ) as Record<Kind, LatencyHistogram>;
    return {
      server,
      lists,
      tradeScreens,
      subscribed: ready.reduce((a, r) => a + r.subscribed, 0),
      failed: ready.reduce((a, r) => a + r.failed, 0),
      open: sum((r) => r.open),
      frames: sum((r) => r.frames),
      values: sum((r) => r.values),
      trades: sum((r) => r.trades),
      tradesExpected: ((seqs.get(`trades:${BOOK}`) ?? 0) - tradesBefore) * tradeScreens,
      latestHeld: sum((r) => r.latestHeld),
      latestOwed: sum((r) => r.latestOwed),
      staleness,
      timerLagMaxMs,
      serverCpuMs: (cpu.user + cpu.system) / 1000,
      serverSysMs: cpu.system / 1000,
      serverWallMs: Math.max(...results.map((r) => r.lastReceivedAt), Date.now()) - readyAt,
      clientsCpuMs: sum((r) => r.cpuMs),
      clientsWallMs: Math.max(...results.map((r) => r.wallMs)),
    };
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill();
    await Promise.all(exited);
  }
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (Number.isNaN(n) ? '—' : int(n));
const pct = (n: number) => `${Math.round(n * 100)}`;
const past = (s: Sample, k: Kind) => s.staleness[k].percentile(0.99) - CADENCE[k];

function markdown(samples: Sample[]): string {
  const lines = [
    `Workload: home/markets clients on 20 \`ticker:<symbol>\` channels each, trade-screen clients on \`depth:${BOOK}\` ` +
      `and \`trades:${BOOK}\`. Feed, in 100 ms steps: 4 s steady (each ticker once a second, depth 10 times and ` +
      'trades twice a second: the simulator and the book at their usual rate), 1 s burst (every ticker 20 times a ' +
      'second, depth 200 times, 50 trades a second), 3 s steady; every value stamped `ts = Date.now()` at ' +
      'publish. The server runs in the benchmark process, the clients (`bench/socket-screens-clients.ts`, the ' +
      `same wire clients as the one-channel case) in ${PROCS === 1 ? 'a forked process' : `${PROCS} forked processes`}. ` +
      '**Ours**: the app from `buildApp`, messages published on its bus; the gateway conflates tickers ' +
      `(${CONFLATION.ticker} ms) and depth (${CONFLATION.depth} ms) into batch frames, and sends trades as they come. ` +
      '**Peer**: a naive `ws` ' +
      'broadcaster holding subscriptions by channel, serialising and sending every message to each subscriber.',
    '',
    '- *Latest held*: client channels whose last value received is the last one published, of all held.',
    '- *Staleness*: receive time − publish time of each value received, p99 (max); *past cadence*: the p99 ' +
      'less the kind’s cadence (ticker 500 ms, depth 100 ms, trades 0) for ours; for the peer, which does not ' +
      'conflate, the p99 against the same cadence, so the columns compare.',
    '- *CPU µs per frame / per value*: server process CPU (with the feed loop, the same for both) from all ' +
      'subscribed to the last frame, over WebSocket messages delivered / channel values delivered.',
    '',
    '| Lists + trade screens | Server | Subscribed | Latest held | Trades delivered / expected | Frames | Values | Staleness p99 (max) ms: ticker / depth / trades | p99 past cadence ms: ticker / depth / trades | Timer lag max ms | CPU server / clients % | Server CPU µs per frame / per value (kernel %) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const s of samples) {
    const st = (k: Kind) => `${ms(s.staleness[k].percentile(0.99))} (${ms(s.staleness[k].max)})`;
    lines.push(
      `| ${int(s.lists)} + ${int(s.tradeScreens)} | ${s.server} | ${int(s.subscribed)}${s.failed ? ` (${int(s.failed)} failed)` : ''} | ` +
        `${int(s.latestHeld)} / ${int(s.latestOwed)} | ${int(s.trades)} / ${int(s.tradesExpected)} | ${int(s.frames)} | ` +
        `${int(s.values)} | ${st('ticker')} / ${st('depth')} / ${st('trades')} | ` +
        `${ms(past(s, 'ticker'))} / ${ms(past(s, 'depth'))} / ${ms(past(s, 'trades'))} | ${ms(s.timerLagMaxMs)} | ` +
        `${pct(s.serverCpuMs / s.serverWallMs)} / ${pct(s.clientsCpuMs / Math.max(1, s.clientsWallMs))} | ` +
        `${((s.serverCpuMs * 1000) / Math.max(1, s.frames)).toFixed(1)} / ${((s.serverCpuMs * 1000) / Math.max(1, s.values)).toFixed(1)} (${pct(s.serverSysMs / Math.max(1, s.serverCpuMs))}) |`,
    );
  }
  const atGoal = samples.filter(
    (s) => s.server === 'ours' && s.lists >= GOAL.lists && s.tradeScreens >= GOAL.trades,
  );
  const met = (s: Sample) =>
    s.subscribed === s.lists + s.tradeScreens &&
    s.latestHeld === s.latestOwed &&
    s.trades === s.tradesExpected &&
    KINDS.every((k) => past(s, k) < GOAL.pastCadenceMs);
  lines.push(
    '',
    `Goal (${int(GOAL.lists)} list clients + ${int(GOAL.trades)} trade clients, every latest value and trade ` +
      `delivered, staleness p99 under ${GOAL.pastCadenceMs} ms past the cadence): ` +
      (atGoal.length === 0
        ? 'not measured in this run (counts below the goal).'
        : `**${atGoal.every(met) ? 'met' : 'not met'}**.`),
    '',
    `Machine load when this ran: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} (1, 5, 15 min) on ${os.cpus().length} cores.`,
  );
  return lines.join('\n');
}

const samples: Sample[] = [];
try {
  await runOnce('ours', 200, 10); // warm-up, not reported
  await runOnce('peer', 200, 10);
  for (const [i, lists] of LISTS.entries()) {
    const tradeScreens = TRADE_SCREENS[i] ?? TRADE_SCREENS.at(-1) ?? 0;
    for (let rep = 0; rep < REPS; rep++) {
      const servers = (rep % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours']) as ServerName[];
      for (const server of servers.filter((x) => x === 'ours' || lists + tradeScreens <= PEER_UP_TO)) {
        await sleep(500);
        const s = await runOnce(server, lists, tradeScreens);
        samples.push(s);
        console.log(
          `socket screens ${server} ${lists}+${tradeScreens}: ${s.subscribed} subscribed, latest ${s.latestHeld}/${s.latestOwed}, ` +
            `trades ${s.trades}/${s.tradesExpected}, frames ${s.frames}, p99 past cadence ticker ${past(s, 'ticker')} ` +
            `depth ${past(s, 'depth')} trades ${past(s, 'trades')} ms, server CPU ${Math.round(s.serverCpuMs)} ms`,
        );
      }
    }
  }
} finally {
  await ours.close();
  await peer.close();
}

const md = markdown(samples);
console.log(`\n${md}`);
if (opts.report)
  await writeFile(opts.report, JSON.stringify({ title: 'Socket fan-out: screens', markdown: md }));
