import type { AppContext } from '../context.ts';
import { defineJob } from '../platform/jobs/types.ts';
import { accrueBatch } from './accrual.ts';

/**
 * How often the accrual looks for owed days. A day falls due once, at 00:00 UTC; each run pays one
 * batch (its own transaction, so a redemption never waits long), the next run the next batch.
 */
export const EARN_ACCRUE_EVERY_MS = 10_000;

export function earnJobs(ctx: AppContext) {
  return [
    defineJob({
      name: 'earn.accrue',
      everyMs: EARN_ACCRUE_EVERY_MS,
      run: (q, job) => accrueBatch(q, job.now.getTime()),
      committed: (result) => {
        if (result.paid > 0 || result.matured > 0)
          ctx.log.info({ paid: result.paid, matured: result.matured, more: result.more }, 'earn accrual');
      },
    }),
  ];
}
