import type { FastifyBaseLogger } from 'fastify';
import { defineJob } from '../platform/jobs/types.ts';
import { chargeDueFunding, type FundingCharged } from './funding/funding.ts';

/**
 * How often the funding job looks for a due funding time. Funding times are at whole hours (00/08/16
 * UTC by default); a job's schedule keeps the phase of its first run, so a short period is what
 * puts the charge within a minute of its time whatever minute the platform first started at.
 */
export const FUNDING_CHECK_EVERY_MS = 60_000;

export interface PositionJobDeps {
  /** The index price of an instrument in this process (the market hub's), undefined when unknown. */
  mark(symbol: string): string | undefined;
  /** After a funding commit: the positions whose margin changed (their liquidation prices moved). */
  funded?(charged: FundingCharged[]): void | Promise<void>;
}

/** The positions area's durable jobs: funding, once across processes, charged with the run's commit. */
export function positionJobs(log: FastifyBaseLogger, deps: PositionJobDeps) {
  return [
    defineJob({
      name: 'positions.funding',
      everyMs: FUNDING_CHECK_EVERY_MS,
      run: (q, job) => chargeDueFunding(q, job.now.getTime(), deps.mark),
      committed: async (charged) => {
        if (charged.length === 0) return;
        log.info(
          {
            funding: charged.map((c) => ({
              symbol: c.symbol,
              realm: c.realm,
              rate: c.rate,
              positions: c.positionIds.length,
            })),
          },
          'funding charged',
        );
        await deps.funded?.(charged);
      },
    }),
  ];
}
