import type { AppContext } from '../context.ts';
import { defineJob } from '../platform/jobs/types.ts';
import { runRebateDays } from './daily.ts';

/** How often the job looks for a day to sum; a day falls due once, a few minutes after 00:00 UTC. */
export const REFERRAL_REBATE_EVERY_MS = 60_000;

export function referralJobs(ctx: AppContext) {
  return [
    defineJob({
      name: 'referral.rebate',
      everyMs: REFERRAL_REBATE_EVERY_MS,
      run: (q, job) => runRebateDays(q, job.now.getTime()),
      committed: (result) => {
        if (result.stored > 0 || result.posted > 0)
          ctx.log.info(
            { days: result.days, stored: result.stored, posted: result.posted },
            'referral rebates',
          );
      },
    }),
  ];
}
