import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../clock.ts';
import { recordJobRun } from '../metrics.ts';
import { BACKOFF_CAP_MS, backoffMs, nextRunAt } from './schedule.ts';
import { type ClaimedRow, claimDue, ensureRecurring, finishRun, holdClaim, insertOneOff } from './store.ts';
import type { JobDefinition, JobRun } from './types.ts';

const DEFAULT_MAX_ATTEMPTS = 10;
const DEFAULT_LEASE_MS = 5 * 60 * 1000;
/** How often a process that runs jobs looks for due ones: a cadence of the machine, on real time. */
export const JOB_POLL_MS = 1_000;
/** A pass stops after this many runs, so one pass never holds the loop for long. */
const MAX_RUNS_PER_PASS = 100;
const MAX_ERROR_CHARS = 2_000;

/** What one claimed run came to. */
export type RunOutcome = 'ok' | 'failed' | 'lost';

/**
 * The platform's job runner. Areas declare their kinds of job (`Area.jobs`, each area's jobs.ts);
 * `define` takes them, `schedule` makes sure every recurring one has its row, `enqueue` adds a
 * one-off job inside the caller's transaction, `runDue` runs what the clock says is due (tests call
 * it after moving a ManualClock), and `start` polls for due jobs where the role runs jobs.
 *
 * A run is two transactions. The claim (short, committed) marks the job running under a lease.
 * A job's `prepare` reads what it needs outside any transaction (a node's answers). The work then runs in one transaction that first locks the job if the claim still holds it, and
 * records the completion (and a recurring job's next run) before committing: work and completion
 * are one, so a process killed midway leaves nothing half-done, and once its lease runs out
 * another runner claims the job and does it again, once. A failure rolls the work back and records
 * the error and the retry's time (exponential backoff, capped) in a transaction of its own.
 */
export class Jobs {
  private readonly definitions = new Map<string, JobDefinition>();
  /** Who claims, as the back office shows it: host, process and this runner. */
  readonly runner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private pass: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Takes kinds of job; a name defined twice is a programming error. */
  define(definitions: readonly JobDefinition[]): void {
    for (const d of definitions) {
      if (this.definitions.has(d.name)) throw new Error(`job ${d.name} is defined twice`);
      this.definitions.set(d.name, d);
    }
  }

  /** Every recurring job has its row (due now the first time); every start, any process, idempotent. */
  async schedule(): Promise<void> {
    for (const d of this.definitions.values()) {
      if (d.everyMs === undefined) continue;
      await ensureRecurring(
        this.db,
        { name: d.name, everyMs: d.everyMs, maxAttempts: d.maxAttempts ?? DEFAULT_MAX_ATTEMPTS },
        this.clock.now(),
      );
    }
  }

  /**
   * A one-off job of a defined kind, at `runAt` (default: now), in the caller's transaction so it
   * exists exactly when what asked for it does. The same name and key again is the same job: the
   * id, or undefined when it already existed.
   */
  async enqueue(
    q: Queryable,
    name: string,
    opts: { key: string; payload?: unknown; runAt?: number },
  ): Promise<string | undefined> {
    const d = this.definitions.get(name);
    if (!d) throw new Error(`no job named ${name}`);
    const now = this.clock.now();
    return insertOneOff(
      q,
      {
        name,
        key: opts.key,
        payload: opts.payload ?? {},
        runAt: opts.runAt ?? now,
        maxAttempts: d.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      },
      now,
    );
  }

  /** Runs the jobs due by the clock, one after another, until none is left. Returns how many ran. */
  runDue(): Promise<number> {
    // One pass at a time per process: a second caller waits for the pass in progress and its own.
    // A pass that failed (the database away) is its caller's to hear: the next one starts anyway.
    const previous = (this.pass ?? Promise.resolve(0)).catch(() => 0);
    const pass = previous.then(() => this.runPass());
    this.pass = pass;
    return pass;
  }

  /** Polls for due jobs until stopped; the returned stop waits for the run in progress. */
  start(pollMs = JOB_POLL_MS): () => Promise<void> {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const loop = async () => {
      try {
        await this.runDue();
      } catch (err) {
        // The database may be away for a moment; the next poll tries again.
        this.log.error({ err }, 'job runner pass failed');
      }
      if (!stopped) {
        timer = setTimeout(() => void loop(), pollMs);
        timer.unref();
      }
    };
    void loop();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await this.pass?.catch(() => undefined);
    };
  }

  private async runPass(): Promise<number> {
    let ran = 0;
    while (ran < MAX_RUNS_PER_PASS) {
      const claimed = await this.claim();
      if (!claimed) break;
      await this.runClaimed(claimed);
      ran += 1;
    }
    return ran;
  }

  /** Claims the next due job this process knows how to run, under a fresh token. */
  async claim(): Promise<{ row: ClaimedRow; token: string } | undefined> {
    const known = [...this.definitions.values()];
    if (known.length === 0) return undefined;
    const token = randomUUID();
    const row = await claimDue(
      this.db,
      { names: known.map((d) => d.name), leaseMs: known.map((d) => d.leaseMs ?? DEFAULT_LEASE_MS) },
      this.clock.now(),
      { token, by: this.runner },
    );
    return row ? { row, token } : undefined;
  }

  /** Does a claimed job's work and records how it went (see the class comment). */
  async runClaimed({ row, token }: { row: ClaimedRow; token: string }): Promise<RunOutcome> {
    const d = this.definitions.get(row.name);
    if (!d) throw new Error(`no job named ${row.name}`);
    const startedAt = this.clock.now();
    const job: JobRun = {
      id: row.id,
      name: row.name,
      key: row.key,
      payload: row.payload,
      attempt: row.attempts,
      now: new Date(startedAt),
    };
    const everyMs = row.every_ms === null ? undefined : Number(row.every_ms);
    const base = { id: row.id, token, name: row.name, attempt: row.attempts, runner: this.runner, startedAt };
    let result: unknown;
    try {
      const prepared = await d.prepare?.(job);
      const done = await this.db.tx(async (q) => {
        if (!(await holdClaim(q, row.id, token))) return false;
        result = await d.run(q, job, prepared);
        const finishedAt = this.clock.now();
        return finishRun(q, {
          ...base,
          status: everyMs === undefined ? 'done' : 'scheduled',
          next:
            everyMs === undefined
              ? undefined
              : nextRunAt(new Date(row.run_at).getTime(), everyMs, finishedAt),
          ok: true,
          error: null,
          // A recurring job's next run starts afresh; a one-off job keeps what it took.
          resetAttempts: everyMs !== undefined,
          finishedAt,
        });
      });
      if (!done) {
        this.log.warn(
          { job: row.name, id: row.id },
          'job claim lost to another runner; its work was not kept',
        );
        recordJobRun(row.name, 'lost');
        return 'lost';
      }
    } catch (err) {
      await this.recordFailure(row, base, everyMs, err);
      recordJobRun(row.name, 'failed');
      return 'failed';
    }
    try {
      await d.committed?.(result, job);
    } catch (err) {
      this.log.error({ err, job: row.name }, 'job ran, but its after-commit step failed');
    }
    recordJobRun(row.name, 'ok');
    return 'ok';
  }

  private async recordFailure(
    row: ClaimedRow,
    base: { id: string; token: string; name: string; attempt: number; runner: string; startedAt: number },
    everyMs: number | undefined,
    err: unknown,
  ): Promise<void> {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_CHARS);
    const finishedAt = this.clock.now();
    const givenUp = everyMs === undefined && row.attempts >= row.max_attempts;
    // A recurring job's retry never waits past its next regular run.
    const wait = backoffMs(row.attempts, Math.min(BACKOFF_CAP_MS, everyMs ?? BACKOFF_CAP_MS));
    this.log.warn(
      { job: row.name, id: row.id, attempt: row.attempts, err: error, retryInMs: givenUp ? null : wait },
      givenUp ? 'job failed for the last time' : 'job failed; it will be retried',
    );
    await this.db.tx((q) =>
      finishRun(q, {
        ...base,
        status: givenUp ? 'failed' : 'scheduled',
        next: givenUp ? undefined : finishedAt + wait,
        ok: false,
        error,
        resetAttempts: false,
        finishedAt,
      }),
    );
  }
}
