import type { AppContext } from '../context.ts';
import { defineJob } from '../platform/jobs/types.ts';
import { settleDue } from './settlement.ts';
import { announce } from './settler.ts';

/** The catch-up: wherever jobs run, settle what is due (after a restart, what fell due meanwhile). */
export const SECONDS_SETTLE_EVERY_MS = 5_000;

export function secondsJobs(ctx: AppContext) {
  return [
    defineJob({
      name: 'seconds.settle',
      everyMs: SECONDS_SETTLE_EVERY_MS,
      run: (q, job) => settleDue(q, job.now),
      committed: (result) => announce(ctx, result),
    }),
  ];
}
