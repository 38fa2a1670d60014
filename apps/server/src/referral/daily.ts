import { dayIso, isoDay, utcDay } from '@otc/core';
import type { Queryable } from '../db/db.ts';
import { evaluateAgents } from './agents.ts';
import { postRebates, sumRebates } from './rebates.ts';

/**
 * A day is summed once it has been over this long: a fill stamped just before midnight by the
 * platform clock is committed by its engine a moment later, and must be in the sum.
 */
export const REBATE_GRACE_MS = 5 * 60_000;
/** How many past days a run catches up after the job did not run (the platform down over midnight). */
export const REBATE_CATCH_UP_DAYS = 7;

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
 * turns and the second finds the days done. Each day after the last summed (at most a week back)
 * through yesterday, in order: the agents' levels are evaluated for it, then its rebates summed at
 * those levels. Then every unposted rebate is posted.
 */
export async function runRebateDays(q: Queryable, nowMs: number): Promise<RebateRun> {
  const [row] = await q.query<{ through: string | null }>(
    `SELECT to_char(rebated_through, 'YYYY-MM-DD') AS through FROM referral_settings FOR UPDATE`,
  );
  const last = utcDay(nowMs - REBATE_GRACE_MS) - 1;
  const after = row?.through ? isoDay(row.through) : last - 1;
  const days: string[] = [];
  for (let d = Math.max(after + 1, last - REBATE_CATCH_UP_DAYS + 1); d <= last; d++) days.push(dayIso(d));
  let evaluated = 0;
  let stored = 0;
  for (const day of days) {
    evaluated += await evaluateAgents(q, day, nowMs);
    stored += await sumRebates(q, day, nowMs);
  }
  if (days.length > 0)
    await q.query('UPDATE referral_settings SET rebated_through = $1::date', [dayIso(last)]);
  return { days, evaluated, stored, posted: await postRebates(q) };
}
