import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createRng } from '../packages/core/src/market/rng.ts';
import { parseUnits } from '../packages/core/src/money/decimal.ts';
import { openCost } from '../packages/core/src/positions/open.ts';
import { isLiquidatable, liquidationPrice } from '../packages/core/src/positions/risk.ts';
import { type TriggerDirection, TriggerIndex } from '../packages/core/src/positions/trigger-index.ts';
import type { MarginBracket, PositionRules, PositionState } from '../packages/core/src/positions/types.ts';

/**
 * Mark tick to trigger/liquidation decision (issue 16): 1,000,000 open positions across 10
 * instruments, each with its liquidation price and most with a TP and an SL. On every mark tick of
 * one instrument, the positions whose TP, SL or liquidation price the move crossed are decided (a
 * liquidation confirmed by the exact risk ratio at the new mark). **Ours**: the instrument's
 * `TriggerIndex` (packages/core/src/positions), O(log n + k). **Peer**: a plain scan of the
 * instrument's positions comparing the same three prices (already the kinder scan: one instrument's
 * 100,000, not all 1,000,000), same confirmation. Same seeded positions and ticks, passes alternating
 * ours, peer, peer, ours after a warm-up; the decisions of both must be identical tick by tick.
 */
const { values: opts } = parseArgs({
  options: {
    positions: { type: 'string', default: process.env.BENCH_POSITIONS ?? '1000000' },
    ticks: { type: 'string', default: process.env.BENCH_TICKS ?? '1000' },
    reps: { type: 'string', default: process.env.BENCH_POSITIONS_REPS ?? '2' },
    seed: { type: 'string', default: process.env.BENCH_SEED ?? 'positions-v1' },
    report: { type: 'string' },
  },
});
const POSITIONS = Number(opts.positions);
const TICKS = Number(opts.ticks);
const REPS = Number(opts.reps);
const SEED = opts.seed ?? 'positions-v1';
const GOAL_P99_MS = 1;
const u = parseUnits;

const BRACKETS: MarginBracket[] = [
  { notionalUpTo: u('50000'), rate: u('0.004') },
  { notionalUpTo: u('250000'), rate: u('0.01') },
  { notionalUpTo: null, rate: u('0.025') },
];
/**
 * Ten instruments: a mark, its tick and lot (crypto perps, a stock, forex, a metal, oil). The ticks
 * are about 10^-6 of the price so that one step crosses few of 100,000 positions (with a coarse tick,
 * e.g. XRP at 0.0001, every one-tick step crosses dozens: the many-crossing case, not measured here).
 */
const INSTRUMENTS = [
  ['BTC-PERP', '67000', '0.01', '0.001'],
  ['ETH-PERP', '3500', '0.001', '0.01'],
  ['SOL-PERP', '150', '0.0001', '0.1'],
  ['XRP-PERP', '0.6', '0.000001', '10'],
  ['DOGE-PERP', '0.12', '0.0000001', '100'],
  ['AAPL', '187.33', '0.0001', '1'],
  ['EURUSD', '1.085', '0.000001', '1000'],
  ['XAUUSD', '2350', '0.001', '0.01'],
  ['BTCUSD', '67010', '0.01', '0.001'],
  ['WTI', '78.4', '0.0001', '1'],
].map(([symbol, mark, tick, lot]) => ({
  symbol: symbol as string,
  mark: u(mark as string),
  rules: {
    product: 'perp',
    instrumentClass: 'crypto',
    maxLeverage: 100,
    tickSize: u(tick as string),
    lotSize: u(lot as string),
    minLots: u(lot as string),
    takerFee: u('0.0005'),
    stampDuty: 0n,
    spread: u('0.0005'),
    brackets: BRACKETS,
    liquidationFeeRate: u('0.005'),
    liquidationFeeCap: u('50'),
  } satisfies PositionRules,
}));

type Kind = 0 | 1 | 2; // tp, sl, liquidation
interface Held {
  id: number;
  pos: PositionState;
  tp: bigint | null;
  sl: bigint | null;
  liq: bigint | null;
}
/** A trigger's id in the index: the position's id x 4 + its kind. */
const triggerId = (id: number, kind: Kind) => id * 4 + kind;
const direction = (side: PositionState['side'], kind: Kind): TriggerDirection =>
  (side === 'long') === (kind === 0) ? 'above' : 'below';

// ---- the seeded book of positions -----------------------------------------------------------------
const rng = createRng(SEED);
const between = (lo: number, hi: number) => lo + rng.next() * (hi - lo);
const LEVERAGES = [2, 3, 5, 10, 20, 25, 50, 75, 100];
const toTick = (price: bigint, tick: bigint) => price - (price % tick);
const scaled = (price: bigint, factor: number) => (price * BigInt(Math.round(factor * 1e9))) / 1_000_000_000n;

const t0 = process.hrtime.bigint();
const books: Held[][] = INSTRUMENTS.map(() => []);
let nextId = 1;
for (let n = 0; n < POSITIONS; n++) {
  const i = n % INSTRUMENTS.length;
  const { mark, rules } = INSTRUMENTS[i] as (typeof INSTRUMENTS)[number];
  for (;;) {
    const side = rng.next() < 0.5 ? 'long' : 'short';
    const entry = toTick(scaled(mark, between(0.97, 1.03)), rules.tickSize);
    const lots = rules.lotSize * BigInt(1 + Math.floor(rng.next() * 1000));
    const leverage = LEVERAGES[Math.floor(rng.next() * LEVERAGES.length)] as number;
    const margin = openCost(rules, { lots, price: entry, leverage }).margin;
    const pos: PositionState = { side, lots, entry, margin, leverage };
    if (isLiquidatable(pos, mark, BRACKETS)) continue; // would have been liquidated already
    const up = side === 'long' ? 1 : -1;
    const tp = rng.next() < 0.7 ? toTick(scaled(entry, 1 + up * between(0.005, 0.2)), rules.tickSize) : null;
    const sl = rng.next() < 0.7 ? toTick(scaled(entry, 1 - up * between(0.005, 0.1)), rules.tickSize) : null;
    // A trigger the mark is already past would have fired: the position keeps only live ones.
    const live = (p: bigint | null, kind: Kind) =>
      p !== null && (direction(side, kind) === 'above' ? p > mark : p < mark) ? p : null;
    books[i]?.push({
      id: nextId++,
      pos,
      tp: live(tp, 0),
      sl: live(sl, 1),
      liq: liquidationPrice(pos, BRACKETS),
    });
    break;
  }
}
const generatedSeconds = Number(process.hrtime.bigint() - t0) / 1e9;

const t1 = process.hrtime.bigint();
const indexes = books.map((book) => {
  const index = new TriggerIndex<number>();
  for (const h of book) {
    if (h.tp !== null) index.add(triggerId(h.id, 0), h.tp, direction(h.pos.side, 0));
    if (h.sl !== null) index.add(triggerId(h.id, 1), h.sl, direction(h.pos.side, 1));
    if (h.liq !== null) index.add(triggerId(h.id, 2), h.liq, direction(h.pos.side, 2));
  }
  return index;
});
const buildSeconds = Number(process.hrtime.bigint() - t1) / 1e9;
const triggers = indexes.reduce((s, x) => s + x.size, 0);
const byId = new Map<number, Held>();
for (const book of books) for (const h of book) byId.set(h.id, h);

// ---- the ticks: each instrument in turn, a small random step (a few positions cross) ---------------
const ticks: { i: number; prev: bigint; next: bigint }[] = [];
{
  const marks = INSTRUMENTS.map((x) => x.mark);
  for (let t = 0; t < TICKS; t++) {
    const i = t % INSTRUMENTS.length;
    const prev = marks[i] as bigint;
    const { tickSize } = (INSTRUMENTS[i] as (typeof INSTRUMENTS)[number]).rules;
    let next = toTick(scaled(prev, 1 + between(-0.000004, 0.000004)), tickSize);
    if (next === prev) next = prev + (rng.next() < 0.5 ? tickSize : -tickSize);
    marks[i] = next;
    ticks.push({ i, prev, next });
  }
}

/** The decision at the new mark for a position one of whose triggers was crossed. */
function decide(h: Held, kinds: number, mark: bigint): number {
  if (kinds & 4 && isLiquidatable(h.pos, mark, BRACKETS)) return 2;
  if (kinds & 2) return 1;
  if (kinds & 1) return 0;
  return -1; // only a liquidation price crossed and the exact risk says not yet: no decision
}

type Decisions = number[]; // id x 4 + decision, sorted

function oursTick(t: (typeof ticks)[number]): Decisions {
  const crossed = (indexes[t.i] as TriggerIndex<number>).crossed(t.prev, t.next);
  const kinds = new Map<number, number>();
  for (const tid of crossed) {
    const id = Math.floor(tid / 4);
    kinds.set(id, (kinds.get(id) ?? 0) | (1 << (tid % 4)));
  }
  const out: Decisions = [];
  for (const [id, k] of kinds) {
    const d = decide(byId.get(id) as Held, k, t.next);
    if (d >= 0) out.push(id * 4 + d);
  }
  return out;
}

function peerTick(t: (typeof ticks)[number]): Decisions {
  const out: Decisions = [];
  const { prev, next } = t;
  const book = books[t.i] as Held[];
  // Rising: a long's TP, a short's SL and liquidation price fire; falling: the other three.
  if (next > prev) {
    for (let n = 0; n < book.length; n++) {
      const h = book[n] as Held;
      let k = 0;
      if (h.pos.side === 'long') {
        if (h.tp !== null && prev < h.tp && h.tp <= next) k = 1;
      } else {
        if (h.sl !== null && prev < h.sl && h.sl <= next) k |= 2;
        if (h.liq !== null && prev < h.liq && h.liq <= next) k |= 4;
      }
      if (k === 0) continue;
      const d = decide(h, k, next);
      if (d >= 0) out.push(h.id * 4 + d);
    }
  } else {
    for (let n = 0; n < book.length; n++) {
      const h = book[n] as Held;
      let k = 0;
      if (h.pos.side === 'short') {
        if (h.tp !== null && next <= h.tp && h.tp < prev) k = 1;
      } else {
        if (h.sl !== null && next <= h.sl && h.sl < prev) k |= 2;
        if (h.liq !== null && next <= h.liq && h.liq < prev) k |= 4;
      }
      if (k === 0) continue;
      const d = decide(h, k, next);
      if (d >= 0) out.push(h.id * 4 + d);
    }
  }
  return out;
}

// ---- passes ----------------------------------------------------------------------------------------
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
type Engine = 'ours' | 'peer';
const run = { ours: oursTick, peer: peerTick };

function pass(
  engine: Engine,
  count = ticks.length,
): { latNs: Float64Array; cpuUs: Float64Array; decisions: Decisions[] } {
  collect();
  const latNs = new Float64Array(count);
  const cpuUs = new Float64Array(count);
  const decisions: Decisions[] = new Array(count);
  const fn = run[engine];
  for (let n = 0; n < count; n++) {
    const c = process.cpuUsage();
    const a = process.hrtime.bigint();
    decisions[n] = fn(ticks[n] as (typeof ticks)[number]);
    latNs[n] = Number(process.hrtime.bigint() - a);
    const d = process.cpuUsage(c);
    cpuUs[n] = d.user + d.system;
  }
  return { latNs, cpuUs, decisions };
}

pass('ours', Math.min(ticks.length, 200));
pass('peer', Math.min(ticks.length, 200));
const lat: Record<Engine, Float64Array[]> = { ours: [], peer: [] };
const cpu: Record<Engine, Float64Array[]> = { ours: [], peer: [] };
const loadBefore = os.loadavg()[0] ?? 0;
let reference: Decisions[] | null = null;
let same = true;
for (let r = 0; r < REPS; r++) {
  for (const e of (r % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours']) as Engine[]) {
    const p = pass(e);
    lat[e].push(p.latNs);
    cpu[e].push(p.cpuUs);
    const sorted = p.decisions.map((d) => [...d].sort((a, b) => a - b));
    if (reference === null) reference = sorted;
    else if (sorted.some((d, n) => d.join() !== (reference as Decisions[])[n]?.join())) same = false;
    const total = p.latNs.reduce((s, x) => s + x, 0) / 1e6;
    console.log(`positions-ticks ${e}: ${ticks.length} ticks in ${total.toFixed(1)} ms`);
  }
}

// ---- moving a trigger (remove + add), as a TP/SL edit or a margin change does -----------------------
const moves = 100_000;
const moveNs = (() => {
  const index = indexes[0] as TriggerIndex<number>;
  const book = books[0] as Held[];
  collect();
  const a = process.hrtime.bigint();
  for (let n = 0; n < moves; n++) {
    const h = book[(n * 7919) % book.length] as Held;
    if (h.liq === null) continue;
    index.add(triggerId(h.id, 2), h.liq, direction(h.pos.side, 2)); // add replaces: remove + add
  }
  return Number(process.hrtime.bigint() - a) / moves;
})();

function percentile(sorted: Float64Array, q: number): number {
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}
const loadAfter = os.loadavg()[0] ?? 0;
const heapMiB = process.memoryUsage().heapUsed / 1024 ** 2;
function summary(e: Engine, source: Record<Engine, Float64Array[]> = lat) {
  const all = new Float64Array(source[e].reduce((n, x) => n + x.length, 0));
  let at = 0;
  for (const x of source[e]) {
    all.set(x, at);
    at += x.length;
  }
  all.sort();
  const mean = all.reduce((s, x) => s + x, 0) / all.length;
  return { mean, p50: percentile(all, 0.5), p99: percentile(all, 0.99), max: all[all.length - 1] ?? 0 };
}
const ours = summary('ours');
const peer = summary('peer');
/** CPU µs per tick (process.cpuUsage: all threads, 1 µs resolution): time the tick ran, not waited. */
const oursCpu = summary('ours', cpu);
const peerCpu = summary('peer', cpu);
const crossings = (reference ?? []).map((d) => d.length);
const fired = crossings.reduce((s, x) => s + x, 0);
const liquidations = (reference ?? []).flat().filter((x) => x % 4 === 2).length;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (ns: number) => (ns / 1e6 < 0.01 ? (ns / 1e6).toFixed(4) : (ns / 1e6).toFixed(3));

const md = [
  `Workload: ${int(POSITIONS)} open positions across ${INSTRUMENTS.length} instruments (${int(POSITIONS / INSTRUMENTS.length)} each) from seed ` +
    `\`${SEED}\`: long or short, entry within ±3% of the mark, 1 to 1,000 lots, leverage 2 to 100x, margin from ` +
    '`openCost`, three maintenance brackets (0.4%, 1%, 2.5%); each with its liquidation price (`liquidationPrice`), ' +
    `70% with a TP and 70% with an SL: ${int(triggers)} live triggers. ${int(TICKS)} mark ticks, each of one ` +
    'instrument in turn, a random step of up to ±0.0004% (at least a tick; ticks are about 10^-6 of the price), so few positions cross. The ' +
    'decision: the positions whose TP, SL or liquidation price the move crossed, a liquidation confirmed by ' +
    "the exact risk ratio at the new mark (`isLiquidatable`). **Ours**: the instrument's `TriggerIndex` " +
    '(sorted buckets of 512 to 1,024 triggers, one structure per direction; bigint prices). **Peer**: a plain ' +
    `scan of the instrument's positions (${int(POSITIONS / INSTRUMENTS.length)}, not all ${int(POSITIONS)}: the kinder scan) comparing the same three ` +
    `prices, same confirmation. ${REPS} timed passes of each, alternating, after a warm-up pass of each; ` +
    'a full garbage collection before each pass (the warm-up: 200 ticks).',
  '',
  '- *Wall*: `process.hrtime.bigint()` around each tick: what a tick takes, including any time the ' +
    `process was not running (the machine's 1-minute load average was ${loadBefore.toFixed(1)} before the ` +
    `timed passes and ${loadAfter.toFixed(1)} after, on ${os.cpus().length} cores: shared with other work).`,
  '- *CPU*: `process.cpuUsage()` around each tick (all threads, 1 µs resolution): the work a tick did.',
  '',
  '| Engine | wall mean ms | wall p50 ms | wall p99 ms | wall max ms | CPU mean ms | CPU p99 ms |',
  '|---|---:|---:|---:|---:|---:|---:|',
  `| ours (index) | ${ms(ours.mean)} | ${ms(ours.p50)} | ${ms(ours.p99)} | ${ms(ours.max)} | ${ms(oursCpu.mean * 1000)} | ${ms(oursCpu.p99 * 1000)} |`,
  `| peer (scan) | ${ms(peer.mean)} | ${ms(peer.p50)} | ${ms(peer.p99)} | ${ms(peer.max)} | ${ms(peerCpu.mean * 1000)} | ${ms(peerCpu.p99 * 1000)} |`,
  '',
  `Ratio peer / ours: wall p99 **${(peer.p99 / ours.p99).toFixed(0)}×**, wall mean ${(peer.mean / ours.mean).toFixed(0)}×, ` +
    `CPU p99 ${(peerCpu.p99 / Math.max(oursCpu.p99, 1)).toFixed(0)}×.`,
  '',
  `Decisions: ${int(fired)} over ${int(TICKS)} ticks (${(fired / TICKS).toFixed(2)} a tick on average, at most ` +
    `${int(Math.max(0, ...crossings))}; ${int(liquidations)} liquidations), ` +
    `${same ? 'identical tick by tick in every pass of both' : '**different** between passes or engines'}.`,
  `Setup: positions generated in ${generatedSeconds.toFixed(1)} s; the ten indexes built by ${int(triggers)} ` +
    `adds in ${buildSeconds.toFixed(2)} s (${((buildSeconds / triggers) * 1e6).toFixed(2)} µs an add); moving a ` +
    `trigger (add again = remove + add) ${(moveNs / 1000).toFixed(2)} µs. Heap in use at the end: ${int(heapMiB)} MiB.`,
  '',
  `Goal (p99 per tick under ${GOAL_P99_MS} ms with 1,000,000 positions when few cross): ` +
    `**${ours.p99 / 1e6 < GOAL_P99_MS && POSITIONS >= 1_000_000 ? 'met' : 'not met'}** (wall ${ms(ours.p99)} ms, CPU ${ms(oursCpu.p99 * 1000)} ms).`,
].join('\n');
console.log(`\n${md}`);
if (!same) process.exitCode = 1;
if (opts.report)
  await writeFile(
    opts.report,
    JSON.stringify({ title: 'Positions: mark tick to trigger decision', markdown: md }),
  );
