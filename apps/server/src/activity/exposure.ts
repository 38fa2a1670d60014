import { parseUnits } from '@otc/core';
import { ACTIVITY_ASSET } from '@otc/protocol/activity/schemas';
import type { TreasuryOwed } from '../platform/treasury.ts';
import { DEPOSITED_SQL } from './queries.ts';

/**
 * Activities' promise on the treasury (decision 0126): the bonus of every open booking that may
 * still be fulfilled, its deadline not passed (all within 7 days, so inside any window of a week or
 * more) or its deposits already at the target (the next settlement pass pays it). A booking past
 * its deadline short of the target lapses at that pass: not owed. Live only (demo users cannot
 * book), so the demo realm owes 0.
 */
export const activityTreasuryOwed: TreasuryOwed = async (q, { realm, now }) => {
  const [row] =
    realm === 'live'
      ? await q.query<{ amount: string }>(
          `SELECT COALESCE(sum(a.bonus), 0)::text AS amount
           FROM activity_bookings b JOIN activities a ON a.id = b.activity_id
           WHERE b.status = 'booked' AND (b.deadline > $1 OR ${DEPOSITED_SQL} >= a.target)`,
          [now.toISOString()],
        )
      : [];
  return [{ source: 'activity', asset: ACTIVITY_ASSET, amount: parseUnits(row?.amount ?? '0') }];
};
