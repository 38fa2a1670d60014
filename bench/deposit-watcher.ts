import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openPglite } from '../apps/server/src/db/pglite.ts';
import type { DepositChain, TokenTransfer } from '../apps/server/src/funding/deposit-chains.ts';
import { saveAddress } from '../apps/server/src/funding/deposit-queries.ts';
import { scanChain } from '../apps/server/src/funding/deposit-watcher.ts';

/**
 * The deposit watcher catching up: `deposits` USDT transfers to `users` users' addresses spread over
 * `blocks` blocks, already confirmed, read by the watcher from a cursor at block 0 until it reaches
 * the head. The chain is in memory (no RPC), so this measures the watcher's own work: recording each
 * log once, crediting each deposit through the ledger with its notification, moving the cursor; on
 * the embedded database (PGlite, in memory), one pass per `scanChain` transaction.
 */
const { values: opts } = parseArgs({
  options: {
    deposits: { type: 'string', default: process.env.BENCH_DEPOSITS ?? '10000' },
    blocks: { type: 'string', default: process.env.BENCH_DEPOSIT_BLOCKS ?? '1000' },
    users: { type: 'string', default: process.env.BENCH_DEPOSIT_USERS ?? '1000' },
    report: { type: 'string' },
  },
});
const DEPOSITS = Number(opts.deposits);
const BLOCKS = Number(opts.blocks);
const USERS = Number(opts.users);
const CONFIRMATIONS = 12;

const hash = (s: string) => `0x${createHash('sha256').update(s).digest('hex')}`;
const addressOf = (i: number) => `0x${hash(`user${i}`).slice(2, 42)}`;

/** Blocks 0..BLOCKS+CONFIRMATIONS, the transfers spread evenly over 1..BLOCKS. */
function chain(): DepositChain {
  const byBlock = new Map<number, TokenTransfer[]>();
  for (let i = 0; i < DEPOSITS; i++) {
    const block = 1 + (i % BLOCKS);
    const list = byBlock.get(block) ?? [];
    list.push({
      txHash: hash(`tx${i}`),
      logIndex: list.length,
      blockNumber: BigInt(block),
      blockHash: hash(`block${block}`),
      to: addressOf(i % USERS),
      value: 10_000_000n + BigInt(i), // 10.000000 USDT and up, 6 decimals
    });
    byBlock.set(block, list);
  }
  const head = BigInt(BLOCKS + CONFIRMATIONS);
  return {
    chainId: 31337,
    name: 'bench',
    confirmations: CONFIRMATIONS,
    token: `0x${'dd'.repeat(20)}`,
    head: async () => head,
    blockHash: async (n) => (n <= head ? hash(`block${n}`) : null),
    transfers: async (from, to) => {
      const out: TokenTransfer[] = [];
      for (let n = Number(from); n <= Number(to); n++) out.push(...(byBlock.get(n) ?? []));
      return out;
    },
    decimals: async () => 6,
  };
}

const db = await openPglite();
await migrate(db);
await db.query(
  `INSERT INTO users (id, kind, nickname, invite_code) SELECT 1000000 + g, 'real', 'bench' || g, 'BENCH' || g FROM generate_series(0, $1::int - 1) g`,
  [USERS],
);
await db.tx(async (q) => {
  for (let i = 0; i < USERS; i++) await saveAddress(q, 31337, String(1000000 + i), addressOf(i));
});
// The cursor at block 0, as a watcher that has read nothing yet.
await db.query(`INSERT INTO deposit_cursors (chain_id, block_number, block_hash) VALUES (31337, 0, $1)`, [
  hash('block0'),
]);

const source = chain();
const started = process.hrtime.bigint();
let passes = 0;
let seen = 0;
for (;;) {
  const r = await db.tx((q) => scanChain(q, source, new Date()));
  passes++;
  seen += r.seen;
  if (r.to === null) break;
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const [check] = await db.query<{ n: string; credited: string }>(
  `SELECT count(*)::text AS n, count(*) FILTER (WHERE status = 'credited')::text AS credited FROM deposits`,
);
await db.close();

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const md = [
  `Workload: ${int(DEPOSITS)} USDT transfers (6 decimals) to ${int(USERS)} users' deposit addresses over ` +
    `${int(BLOCKS)} blocks, the head ${CONFIRMATIONS} blocks above the last, so every one is confirmed. The ` +
    'watcher starts from a cursor at block 0 and runs `scanChain` passes (each one transaction, at most 2,000 ' +
    'blocks) until it is at the head. The chain is in memory: no RPC, only the watcher and the database ' +
    '(PGlite in memory).',
  '',
  '| Deposits | Blocks | Passes | Seconds | Deposits credited/s |',
  '|---:|---:|---:|---:|---:|',
  `| ${int(DEPOSITS)} | ${int(BLOCKS)} | ${passes} | ${seconds.toFixed(2)} | ${int(Number(check?.credited) / seconds)} |`,
  '',
  `Check: ${int(Number(check?.n))} deposit rows, ${int(Number(check?.credited))} credited, ${int(seen)} logs ` +
    `recorded (${Number(check?.credited) === DEPOSITS ? 'each once' : '**not each once**'}).`,
].join('\n');
console.log(`\n${md}`);
if (Number(check?.credited) !== DEPOSITS) process.exitCode = 1;
if (opts.report)
  await writeFile(opts.report, JSON.stringify({ title: 'Deposit watcher catching up', markdown: md }));
