import type { Queryable } from '../db/db.ts';
import { type PageRequest, paged } from '../db/paged.ts';

/** A rebate row as the user's lists show it. */
export interface RebateRow {
  id: string;
  day: string;
  fee_total: string;
  ratio: string;
  rebate: string;
  created_at: Date;
}

const REBATE_COLUMNS = `id::text AS id, to_char(day, 'YYYY-MM-DD') AS day, fee_total::text AS fee_total,
  ratio::text AS ratio, rebate::text AS rebate, created_at`;

/** A referrer's credited rebates (posted), newest day first. */
export const rebatePage = (q: Queryable, userId: string, page: PageRequest) =>
  paged<RebateRow>(
    q,
    {
      select: REBATE_COLUMNS,
      from: 'referral_rebates WHERE referrer_id = $1 AND journal_id IS NOT NULL',
      orderBy: 'day DESC, id DESC',
    },
    [userId],
    page,
  );

/** A referrer's credited rebates since each instant given, and in all. */
export async function rebateSums(q: Queryable, userId: string, today: Date, month: Date) {
  const [row] = await q.query<{ today: string; month: string; total: string; fees: string }>(
    `SELECT coalesce(sum(rebate) FILTER (WHERE created_at >= $2::timestamptz), 0)::text AS today,
            coalesce(sum(rebate) FILTER (WHERE created_at >= $3::timestamptz), 0)::text AS month,
            coalesce(sum(rebate), 0)::text AS total, coalesce(sum(fee_total), 0)::text AS fees
     FROM referral_rebates WHERE referrer_id = $1 AND journal_id IS NOT NULL`,
    [userId, today.toISOString(), month.toISOString()],
  );
  return row ?? { today: '0', month: '0', total: '0', fees: '0' };
}

/** How many users registered with the referrer's code. */
export async function inviteeCount(q: Queryable, userId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM user_directory WHERE referrer_id = $1',
    [userId],
  );
  return Number(row?.n ?? 0);
}

/** A referee as its referrer's team list reads it, and whether it is a valid member now. */
export interface TeamRow {
  contact: string | null;
  created_at: Date;
  valid: boolean;
}

export const teamPage = (q: Queryable, userId: string, page: PageRequest) =>
  paged<TeamRow>(
    q,
    {
      select: `coalesce(u.email, u.phone, u.wallet_address) AS contact, u.created_at,
        (EXISTS (SELECT 1 FROM kyc_verifications k WHERE k.user_id = u.id AND k.level = 'basic')
         AND EXISTS (SELECT 1 FROM credited_deposits d WHERE d.user_id = u.id)) AS valid`,
      from: 'user_directory u WHERE u.referrer_id = $1',
      orderBy: 'u.created_at DESC, u.id DESC',
    },
    [userId],
    page,
  );

/** A referrer's level and team figures as the daily job last evaluated them, if ever. */
export async function agentStatusOf(q: Queryable, userId: string) {
  const [row] = await q.query<{ level: number; valid: number; volume: string; day: string }>(
    `SELECT level::int AS level, valid_members AS valid, daily_volume::text AS volume,
            to_char(evaluated_day, 'YYYY-MM-DD') AS day
     FROM agent_status WHERE user_id = $1`,
    [userId],
  );
  return row;
}
