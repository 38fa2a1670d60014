import { dayIso, isoDay, rebateDays } from '@otc/core';
import type { Queryable } from '../db/db.ts';
import { evaluateAgents } from './agents.ts';
import { postRebates, sumRebates } from './rebates.ts';

export interface RebateRun {
  /** The days summed by this run, oldest first. */
  days: string[];
  /** Referrers whose agent level was evaluated, summed over the days. */
  evaluated: number;
  /** Rebate rows stored, and rows posted (a restart posts those a crash left). */
  stored: number;
  posted: number;
}

/**
 * The daily run, in the caller's transaction: the settings row is locked, so two runs at once take
 * turns and the second finds the days done. Each day core's `rebateDays` gives (after the last
 * summed, through yesterday once 5 minutes over, a week back at most), in order: the agents' levels
 * are evaluated for it, then its rebates summed at those levels. Then every unposted rebate is posted.
 */
export async function runRebateDays(q: Queryable, nowMs: number): Promise<RebateRun> {
  const [row] = await q.query<{ through: string | null }>(
    `SELECT to_char(rebated_through, 'YYYY-MM-DD') AS through FROM referral_settings FOR UPDATE`,
  );
  const days = rebateDays(row?.through ? isoDay(row.through) : null, nowMs).map(dayIso);
  let evaluated = 0;
  let stored = 0;
  for (const day of days) {
    evaluated += await evaluateAgents(q, day, nowMs);
    stored += await sumRebates(q, day, nowMs);
  }
  const last = days[days.length - 1];
  if (last) await q.query('UPDATE referral_settings SET rebated_through = $1::date', [last]);
  return { days, evaluated, stored, posted: await postRebates(q) };
}
