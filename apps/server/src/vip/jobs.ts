import type { AppContext } from '../context.ts';
import { defineJob } from '../platform/jobs/types.ts';
import type { VipFees } from './fees.ts';
import { recomputeIn, VIP_RECOMPUTE_EVERY_MS } from './recompute.ts';

/** The hourly VIP recompute: once across processes, its writes committed with the run. */
export function vipJobs(ctx: AppContext, fees: VipFees) {
  return [
    defineJob({
      name: 'vip.recompute',
      everyMs: VIP_RECOMPUTE_EVERY_MS,
      run: (q, job) => recomputeIn(q, job.now),
      committed: async (changed) => {
        if (changed > 0) ctx.log.info({ changed }, 'VIP levels recomputed');
        await fees.load();
      },
    }),
  ];
}
