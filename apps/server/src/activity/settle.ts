import { canonicalDecimal, move, parseUnits, platformAccount, reachesTarget, userAccount } from '@otc/core';
import { ACTIVITY_ASSET } from '@otc/protocol/activity/schemas';
import type { Queryable } from '../db/db.ts';
import { notify } from '../notifications/index.ts';
import { postBatch } from '../postings/index.ts';
import { DEPOSITED_SQL } from './queries.ts';

interface OpenBooking {
  id: string;
  user_id: string;
  title: string;
  target: string;
  bonus: string;
  deadline: Date;
  deposited: string;
}

/** What a pass did: the users paid a bonus (their balances to announce), and the users whose bookings lapsed. */
export interface SettleResult {
  paid: string[];
  lapsed: string[];
}

/**
 * One pass over the open bookings, set-based, in the caller's transaction: each booking whose
 * deposits (credited from its booking to its deadline) reach the target is fulfilled and its
 * bonus posted from the treasury to the user's funding USDT, in one batch; each whose deadline has
 * passed short of the target lapses; the user is notified of either. The open bookings are locked first and a locked one that is no
 * longer open is skipped (PostgreSQL re-reads `status` after the wait), so two passes at once, or a
 * pass run twice, pay each bonus once.
 */
export async function settleBookings(q: Queryable, now: Date): Promise<SettleResult> {
  const open = await q.query<OpenBooking>(
    `SELECT b.id::text AS id, b.user_id::text AS user_id, a.title, a.target::text AS target,
            a.bonus::text AS bonus, b.deadline, (${DEPOSITED_SQL})::text AS deposited
     FROM activity_bookings b JOIN activities a ON a.id = b.activity_id
     WHERE b.status = 'booked' ORDER BY b.id FOR UPDATE OF b`,
    [now.toISOString()],
  );
  const fulfilled = open.filter((b) => reachesTarget(parseUnits(b.target), parseUnits(b.deposited)));
  const lapsed = open.filter(
    (b) => !fulfilled.includes(b) && new Date(b.deadline).getTime() <= now.getTime(),
  );
  if (fulfilled.length > 0) {
    // The treasury may go below zero (a platform account, as the demo grants' and the maker's source):
    // a bonus promised is paid. The subject names the activity, which balance history shows.
    const { outcomes } = await postBatch(
      q,
      fulfilled.map((b) => ({
        realm: 'live' as const,
        kind: 'activity.bonus',
        reference: `activity_booking:${b.id}`,
        subject: b.title,
        legs: move(
          platformAccount('treasury'),
          userAccount(b.user_id, 'funding'),
          ACTIVITY_ASSET,
          parseUnits(b.bonus),
        ),
      })),
      'all',
    );
    const journals = outcomes.map((o, i) => {
      if (!('journalId' in o)) throw new Error(`activity booking ${fulfilled[i]?.id} was not paid`);
      return o.journalId;
    });
    await q.query(
      `UPDATE activity_bookings b SET status = 'fulfilled', deposited = v.deposited, journal_id = v.journal_id,
              settled_at = $1
       FROM unnest($2::bigint[], $3::numeric[], $4::bigint[]) AS v (id, deposited, journal_id)
       WHERE b.id = v.id`,
      [now.toISOString(), fulfilled.map((b) => b.id), fulfilled.map((b) => b.deposited), journals],
    );
  }
  for (const b of fulfilled)
    await notify(q, b.user_id, {
      kind: 'activity.bonus.credited',
      params: { amount: canonicalDecimal(b.bonus), asset: ACTIVITY_ASSET, title: b.title },
      link: '/pages/index/activity',
    });
  for (const b of lapsed)
    await notify(q, b.user_id, {
      kind: 'activity.booking.lapsed',
      params: {
        title: b.title,
        target: canonicalDecimal(b.target),
        deposited: canonicalDecimal(b.deposited),
        asset: ACTIVITY_ASSET,
      },
      link: '/pages/index/activity',
    });
  if (lapsed.length > 0)
    await q.query(
      `UPDATE activity_bookings b SET status = 'lapsed', deposited = v.deposited, settled_at = $1
       FROM unnest($2::bigint[], $3::numeric[]) AS v (id, deposited) WHERE b.id = v.id`,
      [now.toISOString(), lapsed.map((b) => b.id), lapsed.map((b) => b.deposited)],
    );
  return {
    paid: [...new Set(fulfilled.map((b) => b.user_id))],
    lapsed: [...new Set(lapsed.map((b) => b.user_id))],
  };
}
