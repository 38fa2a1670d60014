import { dayIso, utcDay } from '@otc/core';
import type { AppContext } from '../context.ts';
import { defineJob } from '../platform/jobs/types.ts';
import { accrueBatch } from './accrual.ts';

/**
 * How often the accrual looks for owed days. A day falls due once, at 00:00 UTC; each run pays one
 * batch (its own transaction, so a redemption never waits long), the next run the next batch.
 */
export const EARN_ACCRUE_EVERY_MS = 10_000;

export function earnJobs(ctx: AppContext) {
  // The last day this process found every subscription paid through (a run that left nothing owed).
  // Until the next 00:00 UTC nothing more can fall due (a new subscription's first day is paid the
  // day after it ends), so the runs between skip the scan of a million rows every ten seconds. A new
  // process scans once.
  let complete: string | null = null;
  return [
    defineJob({
      name: 'earn.accrue',
      everyMs: EARN_ACCRUE_EVERY_MS,
      run: async (q, job) => {
        const through = dayIso(utcDay(job.now.getTime()) - 1);
        if (complete === through) return { paid: 0, matured: 0, more: false, through, scanned: false };
        return { ...(await accrueBatch(q, job.now.getTime())), through, scanned: true };
      },
      committed: (result) => {
        if (result.scanned && !result.more) complete = result.through;
        if (result.paid > 0 || result.matured > 0)
          ctx.log.info({ paid: result.paid, matured: result.matured, more: result.more }, 'earn accrual');
      },
    }),
  ];
}
