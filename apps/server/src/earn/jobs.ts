import { dayIso, utcDay } from '@otc/core';
import type { AppContext } from '../context.ts';
import { defineJob } from '../platform/jobs/types.ts';
import { ACCRUAL_BATCH, accrueBatch } from './accrual.ts';

/**
 * How often the accrual looks for owed days. A day falls due once, at 00:00 UTC; each run pays one
 * batch (its own transaction, so a redemption never waits long), the next run the next batch.
 */
export const EARN_ACCRUE_EVERY_MS = 10_000;

/** `limit`: subscriptions a run pays (a test passes a small one to walk several runs). */
export function earnJobs(ctx: AppContext, limit = ACCRUAL_BATCH) {
  // Where this process is in the day's walk: the day being paid through, the last subscription id a
  // committed run paid up to, and whether the walk found nothing more owed. Each run goes on from
  // the last id (a batch never waits on the ones before it, paid by earlier runs); a complete day
  // skips the scan until the next 00:00 UTC (a new subscription's first day is paid the day after it
  // ends, a redemption only pays). A new process starts the walk from the first id.
  let walk = { through: '', after: '0', complete: false };
  return [
    defineJob({
      name: 'earn.accrue',
      everyMs: EARN_ACCRUE_EVERY_MS,
      run: async (q, job) => {
        const through = dayIso(utcDay(job.now.getTime()) - 1);
        const from = walk.through === through ? walk : { through, after: '0', complete: false };
        if (from.complete) return { paid: 0, matured: 0, more: false, lastId: null, walk: from };
        // From treasury shard 1 (decision 0149): the treasury's own row, which conversions, loans and
        // redemptions lock, is not held through a batch.
        const result = await accrueBatch(q, job.now.getTime(), { after: from.after, limit, shard: 1 });
        const next = result.more
          ? { through, after: result.lastId ?? from.after, complete: false }
          : { through, after: '0', complete: true };
        return { ...result, walk: next };
      },
      // Only a committed run moves the walk on (a failed one is retried from where it was).
      committed: (result) => {
        walk = result.walk;
        if (result.paid > 0 || result.matured > 0)
          ctx.log.info({ paid: result.paid, matured: result.matured, more: result.more }, 'earn accrual');
      },
    }),
  ];
}
