import { defineJob } from '../platform/jobs/types.ts';
import { pruneTicks } from './store.ts';

/**
 * The market's durable jobs. Of the engine process's timers (runner.ts), only pruning old ticks is
 * one: it is database housekeeping that any process may do, once. The flush every second writes
 * the hub's in-memory ticks and candles, which only the feed's owner holds, so it stays a timer
 * of that process (a job would run where that memory is not); so does the feed's own tick timer.
 */
export function marketJobs() {
  return [
    defineJob({
      name: 'market.prune-ticks',
      everyMs: 60 * 60 * 1000,
      run: async (q, job) => {
        await pruneTicks(q, job.now);
      },
    }),
  ];
}
