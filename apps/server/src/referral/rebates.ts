import {
  formatUnits,
  move,
  parseUnits,
  platformAccount,
  rebateFor,
  rebateRatio,
  userAccount,
} from '@otc/core';
import type { Queryable } from '../db/db.ts';
import { Params } from '../db/params.ts';
import { indexPrices } from '../market/index.ts';
import { liveDayInUsdt } from '../platform/trade-activity.ts';
import { type Posting, postBatch } from '../postings/index.ts';
import { loadSchedule } from './schedule.ts';

/** Rebates are paid in USDT: fees in other assets are converted at the index price (0127). */
export const REBATE_ASSET = 'USDT';
/** Unposted rows one statement posts (a run posts them all, this many at a time). */
const POST_BATCH = 1_000;

/** The market's index prices as decimal strings, asset to USDT. */
export async function usdtPrices(q: Queryable): Promise<Map<string, string>> {
  const prices = await indexPrices(q);
  return new Map([...prices].map(([asset, p]) => [asset, formatUnits(p.price)]));
}

/**
 * One day's rebates, set-based: ONE statement sums the day's live fees of every real referrer's
 * referees (in USDT), with the referrer's level as evaluated for the day; core's `rebateRatio` and
 * `rebateFor` (rounded down to 8 places) give each rebate; ONE statement stores them, a row per
 * referrer and day (the unique key makes a day summed once, whatever the runs). A rebate of 0 is not
 * stored: nothing would be posted. Returns the rows written now.
 */
export async function sumRebates(q: Queryable, day: string, nowMs: number): Promise<number> {
  const schedule = await loadSchedule(q);
  const sql = new Params();
  const rows = await q.query<{ referrer_id: string; level: number; fee_total: string }>(
    `WITH day_trades AS (${liveDayInUsdt(sql, day, await usdtPrices(q))})
     SELECT r.id::text AS referrer_id, coalesce(st.level, 0)::int AS level, trunc(sum(t.fee), 8)::text AS fee_total
     FROM day_trades t
     JOIN user_directory u ON u.id = t.user_id
     JOIN user_directory r ON r.id = u.referrer_id
     LEFT JOIN agent_status st ON st.user_id = r.id
     WHERE r.kind = 'real' AND NOT r.system AND u.kind = 'real'
     GROUP BY r.id, st.level
     HAVING trunc(sum(t.fee), 8) > 0
     ORDER BY r.id`,
    sql.values,
  );
  const owed = rows
    .map((r) => {
      const ratio = rebateRatio(Number(r.level), schedule.levels, schedule.defaultRatio);
      const fee = parseUnits(r.fee_total);
      return { referrer: r.referrer_id, fee, ratio, rebate: rebateFor(fee, ratio) };
    })
    .filter((r) => r.rebate > 0n);
  if (owed.length === 0) return 0;
  const written = await q.query<{ id: string }>(
    `INSERT INTO referral_rebates (referrer_id, day, fee_total, ratio, rebate, created_at)
     SELECT v.referrer_id, $5::date, v.fee_total, v.ratio, v.rebate, $6::timestamptz
     FROM unnest($1::bigint[], $2::numeric[], $3::numeric[], $4::numeric[]) AS v (referrer_id, fee_total, ratio, rebate)
     ON CONFLICT (referrer_id, day) DO NOTHING
     RETURNING id::text AS id`,
    [
      owed.map((r) => r.referrer),
      owed.map((r) => formatUnits(r.fee)),
      owed.map((r) => formatUnits(r.ratio)),
      owed.map((r) => formatUnits(r.rebate)),
      day,
      new Date(nowMs).toISOString(),
    ],
  );
  return written.length;
}

/**
 * Posts every stored rebate not yet posted (a restart finds those a crash left), each from the live
 * fees account to its referrer's funding USDT with the key `referral:<referrer>:<day>` (the
 * journal's unique key: a rebate is paid once even if its row were read twice), and names the
 * posting on its row in the same statement. The rows are locked first: a run at the same time waits,
 * then finds them posted. Returns the rows posted.
 */
export async function postRebates(q: Queryable): Promise<number> {
  let posted = 0;
  for (;;) {
    const rows = await q.query<{ id: string; referrer_id: string; day: string; rebate: string }>(
      `SELECT id::text AS id, referrer_id::text AS referrer_id, to_char(day, 'YYYY-MM-DD') AS day, rebate::text AS rebate
       FROM referral_rebates WHERE journal_id IS NULL ORDER BY id LIMIT $1 FOR UPDATE`,
      [POST_BATCH],
    );
    if (rows.length === 0) return posted;
    const postings: Posting[] = rows.map((r) => ({
      realm: 'live',
      kind: 'referral_rebate',
      reference: r.day,
      legs: move(
        platformAccount('fees'),
        userAccount(r.referrer_id, 'funding'),
        REBATE_ASSET,
        parseUnits(r.rebate),
      ),
      idempotencyKey: `referral:${r.referrer_id}:${r.day}`,
    }));
    await postBatch(q, postings, 'all', (_, sql) => [
      `UPDATE referral_rebates r SET journal_id = posted.id
       FROM unnest(${sql.p(rows.map((r) => r.id))}::bigint[]) WITH ORDINALITY AS v (id, n)
       JOIN posted ON posted.n = v.n - 1
       WHERE r.id = v.id`,
    ]);
    posted += rows.length;
    if (rows.length < POST_BATCH) return posted;
  }
}
