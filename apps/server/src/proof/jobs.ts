import type { AppContext } from '../context.ts';
import { defineJob } from '../platform/jobs/types.ts';
import { snapshotIfDue } from './service.ts';

/**
 * The daily proof of liabilities. It looks hourly whether the last snapshot (the job's or an
 * operator's) is a day old by the clock, so an operator's snapshot moves the next one back; the
 * job runs once across processes, and the snapshot commits with the run.
 */
export function proofJobs(ctx: AppContext) {
  return [
    defineJob({
      name: 'proof.snapshot',
      everyMs: 60 * 60 * 1000,
      run: (q, job) => snapshotIfDue(q, job.now),
      committed: (s) => {
        if (s)
          ctx.log.info(
            { snapshot: s.id, root: s.root, users: s.userCount },
            'proof of liabilities published',
          );
      },
    }),
  ];
}
