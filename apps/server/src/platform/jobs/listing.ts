import type { AdminJob, AdminJobRun, AdminJobs } from '@otc/protocol/admin/schemas';
import type { Queryable } from '../../db/db.ts';

/** How many jobs and runs the back office is shown: the newest, enough to see what is going on. */
const LIST_LIMIT = 200;
const RUNS_LIMIT = 50;

interface JobRow {
  id: string;
  name: string;
  key: string;
  every_ms: string | null;
  status: AdminJob['status'];
  run_at: Date;
  attempts: number;
  max_attempts: number;
  claimed_by: string | null;
  lease_until: Date | null;
  last_run_at: Date | null;
  last_result: AdminJob['lastResult'];
  last_error: string | null;
}

interface RunRow {
  id: string;
  job_id: string;
  name: string;
  attempt: number;
  runner: string;
  started_at: Date;
  finished_at: Date;
  ok: boolean;
  error: string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

const toRun = (r: RunRow): AdminJobRun => ({
  id: r.id,
  jobId: r.job_id,
  name: r.name,
  attempt: r.attempt,
  runner: r.runner,
  startedAt: iso(r.started_at),
  finishedAt: iso(r.finished_at),
  ok: r.ok,
  error: r.error,
});

const RUN_COLUMNS = `id::text AS id, job_id::text AS job_id, name, attempt, runner, started_at, finished_at, ok, error`;

/**
 * For the back office: recurring jobs and one-off jobs still to run first (by name), then the
 * ended one-off jobs, newest first; and the latest runs and failures.
 */
export async function listJobs(q: Queryable): Promise<AdminJobs> {
  const jobs = await q.query<JobRow>(
    `SELECT id::text AS id, name, key, every_ms::text AS every_ms, status, run_at, attempts, max_attempts,
       claimed_by, lease_until, last_run_at, last_result, last_error
     FROM jobs
     ORDER BY (status IN ('scheduled', 'running')) DESC, (every_ms IS NULL), name, run_at DESC, id DESC
     LIMIT ${LIST_LIMIT}`,
  );
  const runs = await q.query<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM job_runs ORDER BY id DESC LIMIT ${RUNS_LIMIT}`,
  );
  const failures = await q.query<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM job_runs WHERE NOT ok ORDER BY id DESC LIMIT ${RUNS_LIMIT}`,
  );
  return {
    jobs: jobs.map((r) => ({
      id: r.id,
      name: r.name,
      key: r.key,
      everyMs: r.every_ms === null ? null : Number(r.every_ms),
      status: r.status,
      runAt: iso(r.run_at),
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
      claimedBy: r.claimed_by,
      leaseUntil: isoOrNull(r.lease_until),
      lastRunAt: isoOrNull(r.last_run_at),
      lastResult: r.last_result,
      lastError: r.last_error,
    })),
    runs: runs.map(toRun),
    failures: failures.map(toRun),
  };
}

/**
 * A one-off job that ran out of attempts, given its attempts again from `now` (the operator's
 * command line, after mending what made it fail): whether there was such a job. Recurring jobs
 * never end failed: their next run comes by itself.
 */
export async function retryFailedJob(q: Queryable, id: string, now: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE jobs SET status = 'scheduled', attempts = 0, run_at = $2, claim_token = NULL, claimed_by = NULL,
       lease_until = NULL
     WHERE id = $1 AND status = 'failed' RETURNING id`,
    [id, now.toISOString()],
  );
  return rows.length > 0;
}
