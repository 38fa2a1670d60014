import { canonicalDecimal, dayIso, dayStartMs, formatUnits, isoDay, parseUnits, utcDay } from '@otc/core';
import type { EarnKind } from '@otc/protocol/earn/constants';
import type { EarnProduct, EarnSubscription } from '@otc/protocol/earn/schemas';

export const PRODUCT_COLUMNS = `p.id::text AS id, p.kind, p.name, p.asset, p.min_amount::text AS min_amount,
  p.max_amount::text AS max_amount, p.cycle_days, p.rate_min::text AS rate_min, p.rate_max::text AS rate_max,
  p.penalty_rate::text AS penalty_rate, p.status`;

export interface ProductRow {
  id: string;
  kind: EarnKind;
  name: string;
  asset: string;
  min_amount: string;
  max_amount: string;
  cycle_days: number;
  rate_min: string;
  rate_max: string;
  penalty_rate: string;
  status: 'open' | 'closed';
}

export const toProduct = (r: ProductRow): EarnProduct => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  asset: r.asset,
  minAmount: canonicalDecimal(r.min_amount),
  maxAmount: canonicalDecimal(r.max_amount),
  cycleDays: Number(r.cycle_days),
  rateMin: canonicalDecimal(r.rate_min),
  rateMax: canonicalDecimal(r.rate_max),
  penaltyRate: canonicalDecimal(r.penalty_rate),
});

/**
 * A subscription's columns with its product's name and kind; `$2` is today's date (UTC), for today's
 * profit: the day that ended at 00:00 today, once paid, paid the fixed daily yield (every day from the
 * first through `paid_through` did; decision 0149).
 */
export const SUBSCRIPTION_COLUMNS = `s.id::text AS id, s.product_id::text AS product_id, p.name AS product_name, p.kind,
  s.asset, s.principal::text AS principal, s.cycle_days, s.daily_rate::text AS daily_rate,
  s.daily_yield::text AS daily_yield, s.status, s.end_reason, s.subscribed_at, s.first_day::text AS first_day,
  s.last_day::text AS last_day, s.paid_through::text AS paid_through, s.paid_total::text AS paid_total,
  s.penalty_rate::text AS penalty_rate, s.penalty::text AS penalty, s.ended_at,
  (CASE WHEN $2::date - 1 BETWEEN s.first_day AND s.paid_through THEN s.daily_yield ELSE 0 END)::text AS today`;

export interface SubscriptionRow {
  id: string;
  product_id: string;
  product_name: string;
  kind: EarnKind;
  asset: string;
  principal: string;
  cycle_days: number;
  daily_rate: string;
  daily_yield: string;
  status: 'active' | 'ended';
  end_reason: 'matured' | 'redeemed' | null;
  subscribed_at: Date | string;
  first_day: string;
  last_day: string;
  paid_through: string;
  paid_total: string;
  penalty_rate: string;
  penalty: string | null;
  ended_at: Date | string | null;
  today: string;
}

const iso = (t: Date | string) => new Date(t).toISOString();

/** A subscription as its owner sees it at `nowMs`: seed §4's state and the figures of the escrow-orders screen. */
export function toSubscription(r: SubscriptionRow, nowMs: number): EarnSubscription {
  const today = utcDay(nowMs);
  const first = isoDay(r.first_day);
  const last = isoDay(r.last_day);
  const ended = r.status === 'ended';
  const paid = parseUnits(r.paid_total);
  const penalty = r.penalty === null ? 0n : parseUnits(r.penalty);
  // Days not yet over: from today (or the first day, if later) to the last.
  const remaining = ended ? 0 : Math.max(0, last - Math.max(today, first) + 1);
  return {
    id: r.id,
    productId: r.product_id,
    productName: r.product_name,
    kind: r.kind,
    asset: r.asset,
    amount: canonicalDecimal(r.principal),
    cycleDays: Number(r.cycle_days),
    dailyRate: canonicalDecimal(r.daily_rate),
    dailyYield: canonicalDecimal(r.daily_yield),
    status: ended ? 'ended' : today < first ? 'pending' : 'in_progress',
    locked: !ended,
    endReason: r.end_reason,
    subscribedAt: iso(r.subscribed_at),
    startDate: dayIso(first),
    endDate: dayIso(last),
    // The next unpaid day is paid at 00:00 UTC after it.
    nextPayoutAt: ended ? null : new Date(dayStartMs(isoDay(r.paid_through) + 2)).toISOString(),
    cumulativeProfit: formatUnits(paid),
    todayProfit: canonicalDecimal(r.today),
    expectedEarnings: formatUnits(parseUnits(r.daily_yield) * BigInt(r.cycle_days)),
    totalEarnings: formatUnits(paid - penalty),
    penaltyRate: canonicalDecimal(r.penalty_rate),
    penalty: r.penalty === null ? null : canonicalDecimal(r.penalty),
    remainingDays: remaining,
    endedAt: r.ended_at === null ? null : iso(r.ended_at),
  };
}
