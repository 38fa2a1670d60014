import type { Config } from '../config.ts';

/**
 * What a process does by its role (README: ROLE), decided here and nowhere else.
 * `all` does everything; `api` serves HTTP and sockets; `engine` may own the engines and the
 * market feed (one owner at a time, standbys take over); `worker` runs the scheduled jobs.
 */
export const roles = {
  /** May own the engines and the market feed (the owner is elected among these processes). */
  mayOwnEngines: (role: Config['role']) => role === 'all' || role === 'engine',
  /** Runs the durable jobs (platform/jobs: the VIP recompute, the proof snapshot, tick pruning). */
  runsJobs: (role: Config['role']) => role === 'all' || role === 'worker',
};
