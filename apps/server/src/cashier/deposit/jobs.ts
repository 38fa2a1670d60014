import type { AppContext } from '../../context.ts';
import { announceBalances } from '../../ledger/index.ts';
import { announceNotices } from '../../notifications/index.ts';
import { defineJob } from '../../platform/jobs/types.ts';
import { depositChainsOf } from './chains.ts';
import { announceDeposits } from './record.ts';
import { readScan, type ScanRead, type ScanResult, writeScan } from './watcher.ts';

/** How often the watcher reads the chains: about a block on the fastest of them. */
export const DEPOSIT_WATCH_EVERY_MS = 3_000;

/**
 * The deposit watcher as a durable job: once across processes, the chains read before the run's
 * transaction (`prepare`: a slow node holds no lock or connection), each pass's writes (cursor,
 * deposits, credits) committed with the run, so a process killed midway leaves nothing half-done
 * and the next run goes on from the stored cursor.
 */
export function depositJobs(ctx: AppContext) {
  const chains = depositChainsOf(ctx);
  return [
    defineJob({
      name: 'funding.deposit-watch',
      everyMs: DEPOSIT_WATCH_EVERY_MS,
      prepare: async () => {
        const reads: ScanRead[] = [];
        for (const chain of chains.list()) reads.push(await readScan(ctx.db, chain));
        return reads;
      },
      run: async (q, job, reads: ScanRead[]) => {
        const results: ScanResult[] = [];
        for (const read of reads) results.push(await writeScan(q, read, job.now));
        return results;
      },
      committed: (results) => afterScans(ctx, results),
    }),
  ];
}

/**
 * After the commit: the credited users' balances and inbox counts, each deposit that moved on its
 * owner's socket (issue 23: the records followed nothing until a reload), and a log line per chain
 * that did something.
 */
export async function afterScans(ctx: AppContext, results: ScanResult[]): Promise<void> {
  const credited = [...new Set(results.flatMap((r) => r.credited))];
  for (const r of results) {
    if (r.error) ctx.log.warn({ chainId: r.chainId, error: r.error }, 'deposit watcher: chain not read');
    else if (r.stale)
      ctx.log.warn(
        { chainId: r.chainId },
        'deposit watcher: the cursor moved since the chain was read; read again next pass',
      );
    else if (r.seen || r.dropped || r.credited.length)
      ctx.log.info(
        {
          chainId: r.chainId,
          from: String(r.from),
          to: String(r.to),
          seen: r.seen,
          dropped: r.dropped,
          credited: r.credited.length,
        },
        'deposit watcher',
      );
  }
  if (credited.length > 0) {
    await announceBalances(ctx, 'live', credited);
    await announceNotices(ctx, credited);
  }
  await announceDeposits(
    ctx,
    results.flatMap((r) => r.changed),
  );
}
