/** When a job runs next: pure arithmetic on milliseconds since the epoch, unit-tested. */

/** The first retry waits this long; each further one twice as long as the one before. */
export const BACKOFF_BASE_MS = 5_000;
/** No retry waits longer than this (nor, for a recurring job, longer than its period). */
export const BACKOFF_CAP_MS = 60 * 60 * 1000;

/**
 * The wait before retrying after failed attempt number `attempt` (1 for the first failure):
 * exponential from BACKOFF_BASE_MS, capped at `cap`.
 */
export function backoffMs(attempt: number, cap = BACKOFF_CAP_MS): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError('attempt counts from 1');
  // 2^30 times the base is already past any cap: stop doubling before the number grows silly.
  const doubled = BACKOFF_BASE_MS * 2 ** Math.min(attempt - 1, 30);
  return Math.min(doubled, cap);
}

/**
 * A recurring job's next run after the one scheduled at `scheduledAt` ran at `now`: the first of
 * scheduledAt + k * every (k >= 1) after `now`. The job keeps its phase (an hourly job at :17 stays
 * at :17), and runs missed while no process ran jobs are not made up one by one: one run catches up.
 */
export function nextRunAt(scheduledAt: number, everyMs: number, now: number): number {
  if (!(everyMs > 0)) throw new RangeError('a recurring job needs a period');
  if (now < scheduledAt) return scheduledAt + everyMs;
  const periods = Math.floor((now - scheduledAt) / everyMs) + 1;
  return scheduledAt + periods * everyMs;
}
