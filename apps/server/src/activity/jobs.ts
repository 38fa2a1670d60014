import type { AppContext } from '../context.ts';
import { announceBalances } from '../ledger/index.ts';
import { announceNotices } from '../notifications/index.ts';
import { defineJob } from '../platform/jobs/types.ts';
import { settleBookings } from './settle.ts';

/** How often open bookings are settled: a bonus follows the deposit that reaches the target within a minute. */
export const ACTIVITY_SETTLE_EVERY_MS = 60_000;

/** The settlement of bookings as a durable job: once across processes, its postings committed with the run. */
export function activityJobs(ctx: AppContext) {
  return [
    defineJob({
      name: 'activity.settle',
      everyMs: ACTIVITY_SETTLE_EVERY_MS,
      run: (q, job) => settleBookings(q, job.now),
      committed: async (result) => {
        if (result.paid.length > 0 || result.lapsed.length > 0)
          ctx.log.info(
            { paid: result.paid.length, lapsed: result.lapsed.length },
            'activity bookings settled',
          );
        if (result.paid.length > 0) await announceBalances(ctx, 'live', result.paid);
        const told = [...new Set([...result.paid, ...result.lapsed])];
        if (told.length > 0) await announceNotices(ctx, told);
      },
    }),
  ];
}
