import type { AppContext } from '../context.ts';
import { defineJob } from '../platform/jobs/types.ts';
import { dueLoans, watchLoan } from './watch.ts';

/** How often the watch looks at the active loans: prices move by the second, liquidation must not wait. */
export const LOAN_WATCH_EVERY_MS = 5_000;

/**
 * `loan.watch`: the run reads which active loans need something (margin call, overdue notice,
 * liquidation); after its commit each is acted on in its own transaction with the loan row locked,
 * looking again under the lock, so a repayment, another instance's run or a restart in between never
 * acts twice. A loan left undone (a crash between) is found again by the next run.
 */
export function loanJobs(ctx: AppContext) {
  return [
    defineJob({
      name: 'loan.watch',
      everyMs: LOAN_WATCH_EVERY_MS,
      run: async (q, job) => ({ ids: await dueLoans(q, job.now.getTime()), now: job.now.getTime() }),
      committed: async (result) => {
        for (const id of result.ids) {
          try {
            const done = await watchLoan(ctx, id, result.now);
            if (done.length > 0) ctx.log.info({ loan: id, done }, 'loan watch');
          } catch (err) {
            ctx.log.error({ err, loan: id }, 'loan watch failed on a loan');
          }
        }
      },
    }),
  ];
}
