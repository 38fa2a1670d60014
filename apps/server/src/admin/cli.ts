import { verifyAuditChain } from '@otc/core/audit/chain';
import type { AdminRole } from '@otc/protocol/admin/schemas';
import type { ChainStatus, ChainStatuses } from '@otc/protocol/cashier/chain/schemas';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { auditCommandLine } from '../platform/audit.ts';
import { readAuditChain } from '../platform/audit-chain.ts';
import { listJobs, retryFailedJob } from '../platform/jobs/listing.ts';
import { hashPassword } from '../platform/secrets/passwords.ts';
import * as ops from './queries.ts';
import { generatedOperatorPassword, writeSecretFile } from './service.ts';

const ROLES: readonly AdminRole[] = ['admin', 'reviewer', 'support'];

export interface CommandLine {
  db: Db;
  config: Pick<Config, 'dataDir' | 'scryptLogN'>;
  /** The platform's ledger check (areas.ts), passed in: the admin area does not import the list of areas. */
  checkLedger: (db: Db) => Promise<string[]>;
  /**
   * The enabled chains' state as the back office shows it (cashier's), passed in for the same
   * reason; it connects to the chains' nodes only when asked.
   */
  chainStatus: () => Promise<ChainStatuses>;
  now: () => Date;
}

/** What a command printed, and the process's exit code (0 done, 1 refused or found wrong, 2 bad usage). */
export interface Outcome {
  code: 0 | 1 | 2;
  lines: string[];
}

export const USAGE = [
  'npm run admin -- <command>',
  '  operator:create <email> <admin|reviewer|support>   a generated password, written to a file (0600)',
  '  operator:reset-password <email>                    a new generated password to a file; their sessions end',
  '  operator:disable <email>                           no login from now on; their sessions end',
  '  ledger:check                                       every journal, balance and holder checked',
  '  jobs:list                                          the durable jobs and the latest failures',
  '  jobs:retry <job id>                                a failed one-off job runs again',
  '  audit:verify                                       the audit log hash chain recomputed, its head printed',
  '  chains:status                                      each chain: watcher, hot wallet, gas account, waiting withdrawals',
  'Each command is written to the audit log (ip "cli", the system user).',
];

const done = (...lines: string[]): Outcome => ({ code: 0, lines });
const refused = (...lines: string[]): Outcome => ({ code: 1, lines });
const usage = (why: string): Outcome => ({ code: 2, lines: [why, ...USAGE] });

/**
 * The operator's command line (issue 28): what an operator locked out of the back office, or the
 * person running the server, needs. Passwords are generated from `crypto` and written to a file
 * readable by this user only (the first operator's way, decision 0062): never printed, never logged.
 */
export async function runCommand(cli: CommandLine, args: string[]): Promise<Outcome> {
  const [command, ...rest] = args;
  switch (command) {
    case 'operator:create':
      return createOperator(cli, rest);
    case 'operator:reset-password':
      return resetPassword(cli, rest);
    case 'operator:disable':
      return disable(cli, rest);
    case 'ledger:check':
      return ledgerCheck(cli);
    case 'jobs:list':
      return jobsList(cli);
    case 'jobs:retry':
      return jobsRetry(cli, rest);
    case 'audit:verify':
      return auditVerify(cli);
    case 'chains:status':
      return chainsStatus(cli);
    default:
      return usage(command ? `unknown command: ${command}` : 'no command given');
  }
}

/** A generated password in DATA_DIR, named for its operator, and its file's path. */
async function newPasswordFile(cli: CommandLine, email: string): Promise<{ hash: string; file: string }> {
  const password = generatedOperatorPassword();
  const file = writeSecretFile(
    cli.config.dataDir,
    `operator-password-${email.replace(/[^\w.@-]/g, '_')}.txt`,
    `${password}\n`,
  );
  return { hash: await hashPassword(password, cli.config.scryptLogN), file };
}

async function createOperator(cli: CommandLine, [email, role]: string[]): Promise<Outcome> {
  const address = email?.trim().toLowerCase();
  if (!address || !/^[^\s@]+@[^\s@]+$/.test(address)) return usage('operator:create needs an email');
  if (!ROLES.includes(role as AdminRole)) return usage(`the role is one of ${ROLES.join(', ')}`);
  if (await ops.findOperatorByEmail(cli.db, address)) return refused(`an operator ${address} exists already`);
  const { hash, file } = await newPasswordFile(cli, address);
  await cli.db.tx(async (q) => {
    await ops.insertOperator(q, address, hash, role as AdminRole);
    await auditCommandLine(q, 'operator.create', address, { role });
  });
  return done(
    `operator ${address} (${role}) created; the password is in ${file} (readable by this user only)`,
  );
}

async function operatorNamed(cli: CommandLine, email: string | undefined) {
  return email ? ops.findOperatorByEmail(cli.db, email.trim().toLowerCase()) : undefined;
}

async function resetPassword(cli: CommandLine, [email]: string[]): Promise<Outcome> {
  if (!email) return usage('operator:reset-password needs an email');
  const op = await operatorNamed(cli, email);
  if (!op) return refused(`no operator ${email}`);
  const { hash, file } = await newPasswordFile(cli, op.email);
  await cli.db.tx(async (q) => {
    await ops.setOperatorPassword(q, op.id, hash);
    await ops.revokeOperatorSessions(q, op.id);
    await auditCommandLine(q, 'operator.password_reset', op.email);
  });
  return done(`${op.email}: new password in ${file} (readable by this user only); their sessions ended`);
}

async function disable(cli: CommandLine, [email]: string[]): Promise<Outcome> {
  if (!email) return usage('operator:disable needs an email');
  const op = await operatorNamed(cli, email);
  if (!op) return refused(`no operator ${email}`);
  if (op.disabled_at !== null) return done(`${op.email} was disabled already`);
  await cli.db.tx(async (q) => {
    await ops.disableOperator(q, op.id, cli.now());
    await ops.revokeOperatorSessions(q, op.id);
    await auditCommandLine(q, 'operator.disable', op.email);
  });
  return done(`${op.email} disabled: no login, their sessions ended`);
}

async function ledgerCheck(cli: CommandLine): Promise<Outcome> {
  const problems = await cli.checkLedger(cli.db);
  await auditCommandLine(cli.db, 'ledger.check', null, { problems: problems.length });
  if (problems.length > 0)
    return refused(`ledger check: ${problems.length} problem(s)`, ...problems.map((p) => `- ${p}`));
  return done(
    'ledger check: every journal sums to zero, every balance equals its journal, no user balance is negative',
  );
}

async function jobsList(cli: CommandLine): Promise<Outcome> {
  const { jobs, failures } = await listJobs(cli.db);
  await auditCommandLine(cli.db, 'jobs.list', null);
  return done(
    ...jobs.map(
      (j) =>
        `${j.id.padStart(6)}  ${j.status.padEnd(9)} ${j.name}${j.key ? ` [${j.key}]` : ''}  next ${j.runAt}` +
        `${j.lastResult ? `  last ${j.lastResult}` : ''}${j.lastError ? `: ${j.lastError}` : ''}`,
    ),
    `${failures.length} failed attempt(s) among the latest runs`,
  );
}

async function jobsRetry(cli: CommandLine, [id]: string[]): Promise<Outcome> {
  if (!id || !/^\d+$/.test(id)) return usage('jobs:retry needs a job id (jobs:list shows them)');
  const retried = await cli.db.tx(async (q) => {
    const ok = await retryFailedJob(q, id, cli.now());
    if (ok) await auditCommandLine(q, 'job.retry', id);
    return ok;
  });
  return retried ? done(`job ${id} runs again from now`) : refused(`no failed job ${id}`);
}

/**
 * Recomputes the sealed chain from its start (decision 0144). The head it prints is what to note
 * outside the database (a ticket, a notebook): a log rewritten whole, hashes and all, ends at another head.
 */
async function auditVerify(cli: CommandLine): Promise<Outcome> {
  const { entries, waiting } = await readAuditChain(cli.db);
  const check = verifyAuditChain(entries);
  // Written after the read: this check's own entry is the next one the seal takes.
  await auditCommandLine(
    cli.db,
    'audit.verify',
    null,
    check.ok ? { head: check.head.seq } : { broken: check.seq },
  );
  const unsealed = `${waiting} entr${waiting === 1 ? 'y waits' : 'ies wait'} for the seal (the audit.seal job, each minute)`;
  if (!check.ok)
    return refused(
      check.reason === 'missing'
        ? `audit log broken: entry ${check.seq} of the chain is missing (deleted or renumbered)`
        : `audit log broken: entry ${check.seq} (id ${check.id}) was changed after it was sealed`,
      unsealed,
    );
  return done(
    `audit log intact: ${check.count} entries sealed, head ${check.head.seq} ${check.head.hash}`,
    unsealed,
  );
}

/**
 * Each enabled chain as the back office's chain page shows it, in lines: the deposit watcher (block
 * scanned to, the head it last saw, the lag), the hot wallet's and the gas account's balances read
 * from the node now, open sweeps and the withdrawals waiting for funds. Exits 1 when a node did
 * not answer, a watcher reports an error or the gas account is short: what a check in cron wants.
 */
async function chainsStatus(cli: CommandLine): Promise<Outcome> {
  let items: ChainStatus[];
  try {
    items = (await cli.chainStatus()).items;
  } catch (err) {
    return refused(`chains: ${err instanceof Error ? err.message : String(err)}`);
  }
  await auditCommandLine(cli.db, 'chains.status', null, { chains: items.map((c) => c.chainId) });
  if (items.length === 0)
    return done('no chain is enabled (CHAIN_RPC_<id> for a real chain, DEV_CHAIN_RPC_URL for the dev chain)');
  const lines = items.flatMap(chainLines);
  const trouble = items.some((c) => c.error || c.watcher.error || c.gasAccount?.underfunded);
  return trouble ? refused(...lines) : done(...lines);
}

function chainLines(c: ChainStatus): string[] {
  const w = c.watcher;
  const gas = c.gasAccount;
  const or = (v: string | null, unknown = 'unknown') => v ?? unknown;
  return [
    `${c.name} (chain ${c.chainId}), USDT ${c.usdt} (${c.decimals} decimals), gas price ${or(c.gasPrice)} gwei`,
    `  watcher: ${w.cursor === null ? 'not scanned yet' : `block ${w.cursor} of head ${or(w.head)}, lag ${or(w.lag)} blocks, scanned ${or(w.scannedAt)}`}, ${w.pending} deposits confirming${w.error ? `, error: ${w.error}` : ''}`,
    `  hot wallet ${c.hotWallet.address}: ${or(c.hotWallet.usdt)} USDT, ${or(c.hotWallet.native)} ${c.coin}`,
    gas
      ? `  gas account ${gas.address}: ${or(gas.native)} ${c.coin}${gas.underfunded ? ' (UNDERFUNDED: less than ten sweeps of gas)' : ''}, reported ${gas.reportedAt}`
      : '  gas account: not reported yet (no process with the sweep signer has run: sweeps are not running)',
    `  sweeps: ${c.sweeps.open} open, ${c.sweeps.swept} USDT swept, ${c.sweeps.gasSpent} ${c.coin} of gas spent`,
    `  withdrawals waiting for funds: ${c.waitingWithdrawals.count} (${c.waitingWithdrawals.amount} USDT)`,
    ...(c.error ? [`  node did not answer: ${c.error}`] : []),
  ];
}
