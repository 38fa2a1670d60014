import { formatUnits, nextAgentLevel, parseUnits } from '@otc/core';
import type { Queryable } from '../db/db.ts';
import { Params } from '../db/params.ts';
import { liveDayInUsdt } from '../platform/trade-activity.ts';
import { usdtPrices } from './rebates.ts';
import { loadSchedule } from './schedule.ts';

/**
 * One day's agent evaluation, set-based, run before the day's rebates (which pay at the level it
 * gives): ONE statement measures every real referrer's team for the day (its valid members: real
 * referees basic-verified and with a credited deposit by the day's end, through kyc's and cashier's
 * shared views; its team daily volume: the referees' live notional of the day in USDT), core's
 * `nextAgentLevel` moves each level, and ONE statement stores them. A referrer already evaluated for
 * the day (or a later one) is left as it is: a second run changes nothing. Returns the rows written.
 */
export async function evaluateAgents(q: Queryable, day: string, nowMs: number): Promise<number> {
  const { levels } = await loadSchedule(q);
  const sql = new Params();
  const trades = liveDayInUsdt(sql, day, await usdtPrices(q));
  const end = sql.p(new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString());
  const dayParam = sql.p(day);
  const rows = await q.query<{ id: string; level: number; valid: number; volume: string }>(
    `WITH day_trades AS (${trades}),
     referees AS (
       SELECT u.id, u.referrer_id FROM user_directory u JOIN user_directory r ON r.id = u.referrer_id
       WHERE u.kind = 'real' AND r.kind = 'real' AND NOT r.system),
     members AS (
       SELECT e.referrer_id, count(*) AS valid FROM referees e
       WHERE EXISTS (SELECT 1 FROM kyc_verifications k
                     WHERE k.user_id = e.id AND k.level = 'basic' AND k.verified_at < ${end}::timestamptz)
         AND EXISTS (SELECT 1 FROM credited_deposits d WHERE d.user_id = e.id AND d.credited_at < ${end}::timestamptz)
       GROUP BY e.referrer_id),
     volumes AS (
       SELECT e.referrer_id, sum(t.notional) AS volume FROM referees e JOIN day_trades t ON t.user_id = e.id
       GROUP BY e.referrer_id)
     SELECT r.referrer_id::text AS id, coalesce(st.level, 0)::int AS level, coalesce(m.valid, 0)::int AS valid,
            trunc(coalesce(v.volume, 0), 8)::text AS volume
     FROM (SELECT DISTINCT referrer_id FROM referees) r
     LEFT JOIN members m ON m.referrer_id = r.referrer_id
     LEFT JOIN volumes v ON v.referrer_id = r.referrer_id
     LEFT JOIN agent_status st ON st.user_id = r.referrer_id
     WHERE st.evaluated_day IS NULL OR st.evaluated_day < ${dayParam}::date
     ORDER BY r.referrer_id`,
    sql.values,
  );
  if (rows.length === 0) return 0;
  const evaluated = rows.map((r) => {
    const stats = { validMembers: Number(r.valid), dailyVolume: parseUnits(r.volume) };
    return { id: r.id, level: nextAgentLevel(Number(r.level), stats, levels), ...stats };
  });
  const written = await q.query<{ user_id: string }>(
    `INSERT INTO agent_status (user_id, level, valid_members, daily_volume, evaluated_day, updated_at)
     SELECT v.user_id, v.level, v.valid_members, v.daily_volume, $5::date, $6::timestamptz
     FROM unnest($1::bigint[], $2::smallint[], $3::int[], $4::numeric[]) AS v (user_id, level, valid_members, daily_volume)
     ON CONFLICT (user_id) DO UPDATE SET level = EXCLUDED.level, valid_members = EXCLUDED.valid_members,
       daily_volume = EXCLUDED.daily_volume, evaluated_day = EXCLUDED.evaluated_day, updated_at = EXCLUDED.updated_at
     WHERE agent_status.evaluated_day < EXCLUDED.evaluated_day
     RETURNING user_id::text AS user_id`,
    [
      evaluated.map((e) => e.id),
      evaluated.map((e) => e.level),
      evaluated.map((e) => e.validMembers),
      evaluated.map((e) => formatUnits(e.dailyVolume)),
      day,
      new Date(nowMs).toISOString(),
    ],
  );
  return written.length;
}
