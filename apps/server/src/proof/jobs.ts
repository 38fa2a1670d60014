import type { AppContext } from '../context.ts';
import { defineJob } from '../platform/jobs/types.ts';
import { signReserves } from './reserves.ts';
import { PROOF_JOB, PROOF_JOB_EVERY_MS, snapshotIfDue } from './service.ts';

/**
 * The daily proof of liabilities. It looks hourly whether the last snapshot (the job's or an
 * operator's) is a day old by the clock, so an operator's snapshot moves the next one back; the
 * job runs once across processes, and the snapshot commits with the run. A recurring job is due
 * at once the first time, so the first start of a platform publishes its first snapshot within a
 * poll of the job runner (in the background: serving does not wait for it).
 */
export function proofJobs(ctx: AppContext) {
  return [
    defineJob({
      name: PROOF_JOB,
      everyMs: PROOF_JOB_EVERY_MS,
      run: (q, job) => snapshotIfDue(q, job.now),
      committed: async (s) => {
        if (!s) return;
        ctx.log.info({ snapshot: s.id, root: s.root, users: s.userCount }, 'proof of liabilities published');
        // Its reserves, signed after the commit (decision 0141); a failure leaves the snapshot without them.
        await signReserves(ctx, s).catch((err) =>
          ctx.log.warn({ err, snapshot: s.id }, 'proof of reserves not signed'),
        );
      },
    }),
  ];
}
