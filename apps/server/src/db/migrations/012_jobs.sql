-- Durable jobs (issue 12): scheduled and one-off work that runs once across any number of
-- processes. A runner claims a due job (FOR UPDATE SKIP LOCKED) under a lease, then runs the work
-- and records its completion (and a recurring job's next run) in one transaction: a process killed
-- midway leaves the job claimable again once the lease runs out, and nothing of the work behind.
-- Times are the platform clock's (a parameter), never this database's now(), so tests move them.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  -- The definition that runs it (an area's jobs.ts), e.g. 'vip.recompute'.
  name text NOT NULL,
  -- Tells one-off jobs of one name apart; '' for a recurring job's one row.
  key text NOT NULL DEFAULT '',
  payload jsonb NOT NULL DEFAULT '{}',
  -- A recurring job runs every this many ms; a one-off job has none.
  every_ms bigint CHECK (every_ms > 0),
  -- 'done' and 'failed' (out of attempts) are for one-off jobs: a recurring job is always scheduled again.
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'running', 'done', 'failed')),
  run_at timestamptz NOT NULL,
  -- Attempts at the current run, counted when claimed (so a run that kills its process counts too).
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL CHECK (max_attempts > 0),
  -- The claim: a token only its claimer knows, who holds it, until when (the lease).
  claim_token uuid,
  claimed_by text,
  lease_until timestamptz,
  last_run_at timestamptz,
  last_result text CHECK (last_result IN ('ok', 'failed')),
  last_error text,
  created_at timestamptz NOT NULL,
  UNIQUE (name, key)
);
CREATE INDEX jobs_due ON jobs (run_at) WHERE status IN ('scheduled', 'running');

-- Every attempt's outcome, for the back office (recent runs and failures).
CREATE TABLE job_runs (
  id bigserial PRIMARY KEY,
  job_id bigint NOT NULL REFERENCES jobs (id),
  name text NOT NULL,
  attempt integer NOT NULL,
  runner text NOT NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL,
  ok boolean NOT NULL,
  error text
);
CREATE INDEX job_runs_recent ON job_runs (id DESC);
CREATE INDEX job_runs_job ON job_runs (job_id, id DESC);
