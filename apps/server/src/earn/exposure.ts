import { dayIso, parseUnits, utcDay } from '@otc/core';
import { EARN_ASSET } from '@otc/protocol/earn/constants';
import type { TreasuryOwed } from '../platform/treasury.ts';

/**
 * Earn's promise on the treasury (decision 0126): the yield still to pay on running subscriptions
 * for the days over by `until`, each subscription's daily yield times those days (the days core's
 * `daysOwed` counts: after the last one paid, up to its last day, over by then). Days already over
 * that the accrual has not paid yet count too: the treasury still owes them. Summed in SQL, exact.
 */
export const earnTreasuryOwed: TreasuryOwed = async (q, { realm, until }) => {
  const through = dayIso(utcDay(until.getTime()) - 1);
  const rows = await q.query<{ asset: string; amount: string }>(
    `SELECT asset, sum(daily_yield * GREATEST(LEAST(last_day, $2::date) - paid_through, 0))::text AS amount
     FROM earn_subscriptions WHERE status = 'active' AND realm = $1 GROUP BY asset`,
    [realm, through],
  );
  const owed = rows.map((r) => ({ source: 'earn', asset: r.asset, amount: parseUnits(r.amount) }));
  // The asset it pays in today is named even when nothing is owed, so the page shows the source.
  return owed.some((o) => o.asset === EARN_ASSET)
    ? owed
    : [...owed, { source: 'earn', asset: EARN_ASSET, amount: 0n }];
};
