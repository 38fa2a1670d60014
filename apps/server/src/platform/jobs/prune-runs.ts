import type { Queryable } from '../../db/db.ts';
import { defineJob } from './types.ts';

/** How long the back office can look back at job runs. */
export const JOB_RUNS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The run history is a log, not a record: a job every few seconds (the deposit watcher) writes
 * about 30,000 rows a day, so runs older than JOB_RUNS_KEPT_MS are deleted hourly. The jobs
 * themselves (their state, attempts, last result and error) are kept.
 */
export const pruneJobRuns = defineJob({
  name: 'jobs.prune-runs',
  everyMs: 60 * 60 * 1000,
  run: async (q: Queryable, job) => {
    const cutoff = new Date(job.now.getTime() - JOB_RUNS_KEPT_MS).toISOString();
    const gone = await q.query<{ n: string }>(
      `WITH gone AS (DELETE FROM job_runs WHERE finished_at < $1::timestamptz RETURNING 1)
       SELECT count(*)::text AS n FROM gone`,
      [cutoff],
    );
    return { deleted: Number(gone[0]?.n ?? 0) };
  },
});
