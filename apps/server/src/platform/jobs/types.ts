import type { Queryable } from '../../db/db.ts';

/** What a job's handler is told about the run it is doing. */
export interface JobRun {
  id: string;
  name: string;
  key: string;
  payload: unknown;
  /** This run's attempt, from 1 (a run whose process died counts as an attempt). */
  attempt: number;
  /** The clock's time when the run started. */
  now: Date;
}

/**
 * A kind of job, declared by an area in its `jobs.ts` and handed to the platform through the
 * area's `jobs`. The runner never imports an area: it knows jobs only by these definitions.
 */
export interface JobDefinition<T = unknown, P = undefined> {
  /** Unique across areas: `<area>.<what>`, e.g. `vip.recompute`. */
  name: string;
  /** A recurring job runs every this many ms (its one row is created at start); absent for one-off jobs. */
  everyMs?: number;
  /** Attempts before a one-off job is given up as failed (recurring jobs keep retrying, capped). Default 10. */
  maxAttempts?: number;
  /** How long a claim holds before another runner may take the job over (a crashed process's). Default 5 min. */
  leaseMs?: number;
  /**
   * Optional reads before the work's transaction, once the run is claimed: what is slow and needs
   * no lock (a node's RPC calls), so it never holds database locks or a connection. Reads only: it
   * is not the claim's, and the work must check that what it read still holds. A throw fails the
   * run as `run`'s does.
   */
  prepare?(job: JobRun): Promise<P>;
  /**
   * The work, in the transaction that also records the run's completion: write only through `q`
   * (on PGlite a query on the database itself would wait for this transaction and hang). A throw
   * rolls the work back and schedules a retry. `prepared` is what `prepare` returned.
   */
  run(q: Queryable, job: JobRun, prepared: P): Promise<T>;
  /** After the commit, in the process that ran it: refresh what this process keeps in memory, log. */
  committed?(result: T, job: JobRun): void | Promise<void>;
}

/**
 * Types a definition by its handler's result, for a list of definitions of any results (methods are
 * compared bivariantly, so `committed` still gets the handler's type).
 */
export const defineJob = <T, P = undefined>(definition: JobDefinition<T, P>): JobDefinition =>
  definition as unknown as JobDefinition;
