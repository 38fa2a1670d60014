import type { Queryable } from '../../db/db.ts';
import type { TableOwner } from '../tables.ts';

/** SQL on the jobs tables (migration 012). Every time is the platform clock's, passed in. */

export interface ClaimedRow {
  id: string;
  name: string;
  key: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  every_ms: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A recurring job's one row, due at once the first time; a changed period or attempts are taken on.
 * Only a change writes the row: a start must not wait while a runner holds it for a run.
 */
export async function ensureRecurring(
  q: Queryable,
  job: { name: string; everyMs: number; maxAttempts: number },
  now: number,
): Promise<void> {
  await q.query(
    `INSERT INTO jobs (name, key, every_ms, run_at, max_attempts, created_at)
     VALUES ($1, '', $2, $3::timestamptz, $4, $3::timestamptz)
     ON CONFLICT (name, key) DO NOTHING`,
    [job.name, job.everyMs, iso(now), job.maxAttempts],
  );
  await q.query(
    `UPDATE jobs SET every_ms = $2, max_attempts = $3
     WHERE id = (SELECT id FROM jobs WHERE name = $1 AND key = '' AND (every_ms IS DISTINCT FROM $2 OR max_attempts <> $3))`,
    [job.name, job.everyMs, job.maxAttempts],
  );
}

/** A one-off job; the same name and key again is the same job (returns undefined then). */
export async function insertOneOff(
  q: Queryable,
  job: { name: string; key: string; payload: unknown; runAt: number; maxAttempts: number },
  now: number,
): Promise<string | undefined> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO jobs (name, key, payload, run_at, max_attempts, created_at)
     VALUES ($1, $2, $3::jsonb, $4::timestamptz, $5, $6::timestamptz)
     ON CONFLICT (name, key) DO NOTHING RETURNING id::text AS id`,
    [job.name, job.key, JSON.stringify(job.payload ?? {}), iso(job.runAt), job.maxAttempts, iso(now)],
  );
  return row?.id;
}

/**
 * Claims the job due first among `names` (each with its lease): one whose time has come and that
 * nobody holds, or whose holder's lease ran out (its process died). Rows another runner is
 * claiming or working on are locked and skipped, so runners never wait on each other.
 */
export async function claimDue(
  q: Queryable,
  kinds: { names: string[]; leaseMs: number[] },
  now: number,
  claim: { token: string; by: string },
): Promise<ClaimedRow | undefined> {
  const [row] = await q.query<ClaimedRow>(
    `WITH d AS (SELECT * FROM unnest($1::text[], $2::bigint[]) AS d (name, lease_ms)),
     next AS (
       SELECT j.id FROM jobs j
       WHERE j.name = ANY($1::text[]) AND j.status IN ('scheduled', 'running') AND j.run_at <= $3::timestamptz
         AND (j.lease_until IS NULL OR j.lease_until <= $3::timestamptz)
       ORDER BY j.run_at, j.id
       LIMIT 1
       FOR UPDATE SKIP LOCKED
     )
     UPDATE jobs j SET status = 'running', attempts = j.attempts + 1, claim_token = $4::uuid, claimed_by = $5,
       lease_until = $3::timestamptz + d.lease_ms * interval '1 millisecond'
     FROM next, d WHERE j.id = next.id AND d.name = j.name
     RETURNING j.id::text AS id, j.name, j.key, j.payload, j.attempts, j.max_attempts, j.run_at, j.every_ms::text AS every_ms`,
    [kinds.names, kinds.leaseMs, iso(now), claim.token, claim.by],
  );
  return row;
}

/** Inside the run's transaction: locks the job if this claim still holds it (else it was taken over). */
export async function holdClaim(q: Queryable, id: string, token: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM jobs WHERE id = $1 AND claim_token = $2::uuid FOR UPDATE', [
    id,
    token,
  ]);
  return rows.length > 0;
}

/**
 * Records a run's end: `next` is a recurring job's next run (or a retry's time), undefined for a
 * one-off job that is over (`status` says how). Only the claim's holder can; false if it lost it.
 */
export async function finishRun(
  q: Queryable,
  run: {
    id: string;
    token: string;
    status: 'scheduled' | 'done' | 'failed';
    next: number | undefined;
    ok: boolean;
    error: string | null;
    resetAttempts: boolean;
    name: string;
    attempt: number;
    runner: string;
    startedAt: number;
    finishedAt: number;
  },
): Promise<boolean> {
  const updated = await q.query(
    `UPDATE jobs SET status = $3, run_at = COALESCE($4::timestamptz, run_at),
       attempts = CASE WHEN $5::boolean THEN 0 ELSE attempts END,
       claim_token = NULL, claimed_by = NULL, lease_until = NULL,
       last_run_at = $6::timestamptz, last_result = CASE WHEN $7::boolean THEN 'ok' ELSE 'failed' END, last_error = $8
     WHERE id = $1 AND claim_token = $2::uuid RETURNING id`,
    [
      run.id,
      run.token,
      run.status,
      run.next === undefined ? null : iso(run.next),
      run.resetAttempts,
      iso(run.startedAt),
      run.ok,
      run.error,
    ],
  );
  if (updated.length === 0) return false;
  await q.query(
    `INSERT INTO job_runs (job_id, name, attempt, runner, started_at, finished_at, ok, error)
     VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7, $8)`,
    [run.id, run.name, run.attempt, run.runner, iso(run.startedAt), iso(run.finishedAt), run.ok, run.error],
  );
  return true;
}

/** A recurring job's schedule: when it runs next and its period (undefined before its first start). */
export async function recurringSchedule(
  q: Queryable,
  name: string,
): Promise<{ runAt: number; everyMs: number } | undefined> {
  const [row] = await q.query<{ run_at: Date; every_ms: string | null }>(
    `SELECT run_at, every_ms FROM jobs WHERE name = $1 AND key = ''`,
    [name],
  );
  if (!row?.every_ms) return undefined;
  return { runAt: new Date(row.run_at).getTime(), everyMs: Number(row.every_ms) };
}

/** The durable jobs and their runs belong to the platform's runner. */
export const jobTables: TableOwner = { tables: ['jobs', 'job_runs'] };
