import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { checkLedger } from '../apps/server/src/areas.ts';
import { saveAddress } from '../apps/server/src/cashier/deposit/queries.ts';
import { scanChain } from '../apps/server/src/cashier/deposit/watcher.ts';
import type { Db } from '../apps/server/src/db/db.ts';
import { anvilChain } from './deposits/anvil-chain.ts';
import { benchDatabase, POSTGRES_URL } from './deposits/database.ts';
import { memoryChain } from './deposits/memory-chain.ts';
import { type ChainSource, type PlannedTransfer, plan, userIdOf } from './deposits/workload.ts';

/**
 * The deposit watcher catching up (issue 15): `deposits` USDT transfers to `users` users' deposit
 * addresses spread over `blocks` blocks, all confirmed, read by the watcher from its cursor below
 * the first until it is at the head and every deposit is credited.
 * - `--chain anvil`: the local dev chain (the platform's anvil node), the transfers real
 *   transactions to the users' derived addresses, read through ctx.chain's RPC (the timed part
 *   includes every RPC read); `--chain memory`: a chain held in memory, no RPC (the watcher's own work).
 * - `--db postgres`: PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) in a fresh schema dropped
 *   afterwards; `--db pglite`: the embedded database in memory.
 * By default the issue's configuration (anvil + postgres) when a PostgreSQL URL is set, else memory + pglite.
 * The result is checked: each deposit credited exactly once, the sums exact per user, the ledger check empty.
 */
const { values: opts } = parseArgs({
  options: {
    deposits: { type: 'string', default: process.env.BENCH_DEPOSITS ?? '10000' },
    blocks: { type: 'string', default: process.env.BENCH_DEPOSIT_BLOCKS ?? '1000' },
    users: { type: 'string', default: process.env.BENCH_DEPOSIT_USERS ?? '1000' },
    db: { type: 'string', default: process.env.BENCH_DEPOSIT_DB ?? (POSTGRES_URL ? 'postgres' : 'pglite') },
    chain: {
      type: 'string',
      default: process.env.BENCH_DEPOSIT_CHAIN ?? (POSTGRES_URL ? 'anvil' : 'memory'),
    },
    report: { type: 'string' },
  },
});
const workload = { deposits: Number(opts.deposits), blocks: Number(opts.blocks), users: Number(opts.users) };
if (opts.db !== 'pglite' && opts.db !== 'postgres') throw new Error('--db is pglite or postgres');
if (opts.chain !== 'memory' && opts.chain !== 'anvil') throw new Error('--chain is memory or anvil');
const dbKind = opts.db;
const chainKind = opts.chain;
const ISSUE_CONFIGURATION = chainKind === 'anvil' && dbKind === 'postgres';
const MEMORY_CONFIRMATIONS = 12;
const transfers = plan(workload);
console.log(`deposits: chain ${chainKind}, database ${dbKind}; setting up (not timed)…`);

const { db, drop } = await benchDatabase(dbKind);
let stopChain = async () => {};
let md: string;
let ok: boolean;
try {
  const source: ChainSource =
    chainKind === 'anvil'
      ? await anvilChain(transfers, workload.users)
      : memoryChain(transfers, workload.users, MEMORY_CONFIRMATIONS);
  stopChain = source.stop;
  await db.query(
    `INSERT INTO users (id, kind, nickname, invite_code)
     SELECT $2::int + g, 'real', 'bench' || g, 'BENCH' || g FROM generate_series(0, $1::int - 1) g`,
    [workload.users, Number(userIdOf(0))],
  );
  await db.tx(async (q) => {
    for (let u = 0; u < workload.users; u++)
      await saveAddress(q, source.chain.chainId, userIdOf(u), source.addresses[u] as string);
  });
  // The cursor where a watcher that has read nothing of the workload stands.
  await db.query(`INSERT INTO deposit_cursors (chain_id, block_number, block_hash) VALUES ($1, $2, $3)`, [
    source.chain.chainId,
    source.cursor.block.toString(),
    source.cursor.hash,
  ]);

  console.log('timing the watcher catching up…');
  const started = process.hrtime.bigint();
  let passes = 0;
  let seen = 0;
  for (;;) {
    const r = await scanChain(db, source.chain, new Date());
    passes++;
    seen += r.seen;
    if (r.error) throw new Error(`scan failed: ${r.error}`);
    if (r.to === null) break;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const check = await verify(db, transfers, source.chain.chainId);
  ok = check.problems.length === 0;
  md = report({ passes, seen, seconds, credited: check.credited, problems: check.problems });
} finally {
  await stopChain();
  await drop();
}
console.log(`\n${md}`);
if (!ok) process.exitCode = 1;
if (opts.report)
  await writeFile(
    opts.report,
    JSON.stringify({
      title: ISSUE_CONFIGURATION
        ? 'Deposit watcher catching up'
        : `Deposit watcher catching up, ${chainKind} chain on ${dbKind}`,
      markdown: md,
    }),
  );

/** Each deposit credited exactly once, the sums exact per user, the ledger consistent. */
async function verify(db: Db, planned: PlannedTransfer[], chainId: number) {
  const problems: string[] = [];
  const expected = new Map<string, bigint>();
  for (const t of planned) expected.set(userIdOf(t.user), (expected.get(userIdOf(t.user)) ?? 0n) + t.value);
  const [rows] = await db.query<{ n: string; credited: string; journals: string; refs: string }>(
    `SELECT count(*)::text AS n,
            count(*) FILTER (WHERE status = 'credited')::text AS credited,
            (SELECT count(*) FROM journal WHERE kind = 'funding.deposit')::text AS journals,
            (SELECT count(DISTINCT reference) FROM journal WHERE kind = 'funding.deposit')::text AS refs
       FROM deposits WHERE chain_id = $1`,
    [chainId],
  );
  const want = String(planned.length);
  if (rows?.n !== want) problems.push(`${rows?.n} deposit rows, not ${want}`);
  if (rows?.credited !== want) problems.push(`${rows?.credited} credited, not ${want}`);
  if (rows?.journals !== want || rows?.refs !== want)
    problems.push(`${rows?.journals} deposit postings (${rows?.refs} distinct), not ${want}`);
  // Per user: the deposits' amounts and the funding balance both equal the planned sum, to the unit.
  const units = (col: string) => `(${col} * 1000000)::numeric(38,0)::text`;
  const byUser = await db.query<{ user_id: string; deposited: string; balance: string | null }>(
    `SELECT d.user_id::text, ${units('sum(d.amount)')} AS deposited,
            (SELECT ${units('a.available')} FROM ledger_accounts a
              WHERE a.realm = 'live' AND a.owner_type = 'user' AND a.owner = d.user_id::text
                AND a.kind = 'funding' AND a.asset = 'USDT') AS balance
       FROM deposits d WHERE d.chain_id = $1 GROUP BY d.user_id`,
    [chainId],
  );
  let wrong = 0;
  for (const r of byUser) {
    const sum = expected.get(r.user_id);
    if (sum === undefined || BigInt(r.deposited) !== sum || BigInt(r.balance ?? '0') !== sum) wrong++;
  }
  if (byUser.length !== expected.size || wrong > 0)
    problems.push(`${wrong} of ${byUser.length} users' sums wrong (want ${expected.size} users)`);
  problems.push(...(await checkLedger(db)).map((p) => `ledger: ${p}`));
  return { problems, credited: Number(rows?.credited) };
}

function report(r: { passes: number; seen: number; seconds: number; credited: number; problems: string[] }) {
  const int = (n: number) => Math.round(n).toLocaleString('en-US');
  const total = transfers.reduce((s, t) => s + t.value, 0n);
  const usdt = `${(total / 1_000_000n).toLocaleString('en-US')}.${(total % 1_000_000n).toString().padStart(6, '0')}`;
  const chainText =
    chainKind === 'anvil'
      ? "The chain is the local dev chain (anvil, the platform's dev node) with the dev USDT: each transfer a " +
        "real transaction from the deployer to the user's deposit address derived from the dev xpub, about " +
        `${int(workload.deposits / workload.blocks)} a block (automine off, each block mined after its ` +
        'transfers), then the confirmations mined. The watcher reads it through ctx.chain (viem over HTTP): ' +
        'the timed part includes every RPC read (head, block hashes, the Transfer logs).'
      : `The chain is in memory, its head ${MEMORY_CONFIRMATIONS} blocks above the last transfer: no RPC, ` +
        'only the watcher and the database.';
  const dbText =
    dbKind === 'postgres'
      ? 'The database is PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), a fresh schema dropped afterwards.'
      : 'The database is the embedded one (PGlite, in memory).';
  return [
    `Configuration: **${chainKind} chain, ${dbKind}**${ISSUE_CONFIGURATION ? " (the issue's)" : ''}.`,
    '',
    `Workload: ${int(workload.deposits)} USDT transfers (6 decimals, ${usdt} USDT in all) to ` +
      `${int(workload.users)} users' deposit addresses over ${int(workload.blocks)} blocks. The watcher ` +
      'starts from a cursor just below the first and runs `scanChain` passes (each the chain read, then one transaction, at most ' +
      `2,000 blocks) until it is at the head. ${chainText} ${dbText} Setting up the chain is not timed.`,
    '',
    '| Chain | Database | Deposits | Blocks | Passes | Seconds | Deposits credited/s |',
    '|---|---|---:|---:|---:|---:|---:|',
    `| ${chainKind} | ${dbKind} | ${int(workload.deposits)} | ${int(workload.blocks)} | ${r.passes} | ` +
      `${r.seconds.toFixed(2)} | ${int(r.credited / r.seconds)} |`,
    '',
    r.problems.length === 0
      ? `Check: ${int(r.credited)} deposits credited, each exactly once (one posting each), ${int(r.seen)} logs ` +
        "recorded, every user's deposits and funding balance equal to the sum sent, to the unit; ledger check empty."
      : `Check **failed**: ${r.problems.join('; ')}.`,
    ...(ISSUE_CONFIGURATION
      ? [
          '',
          'The same workload on a chain in memory and PGlite (`BENCH_DEPOSIT_CHAIN=memory BENCH_DEPOSIT_DB=pglite`, ' +
            'the watcher alone) is in the next section, for comparison.',
        ]
      : []),
  ].join('\n');
}
