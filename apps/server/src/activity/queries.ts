import type { ActivityStatus, BookingState } from '@otc/protocol/activity/schemas';
import type { Queryable } from '../db/db.ts';

/**
 * The SQL of the activities area. Amounts cross the boundary as decimal strings (NUMERIC read as
 * text), ids as text. Deposits are read through the cashier's shared view `credited_deposits`.
 */

export interface ActivityRow {
  id: string;
  title: string;
  target: string;
  bonus: string;
  starts_at: Date;
  ends_at: Date;
  status: ActivityStatus;
  created_at: Date;
}

export interface BookingRow {
  state: BookingState;
  booked_at: Date;
  deadline: Date;
  deposited: string;
  settled_at: Date | null;
}

const ACTIVITY_COLUMNS = `a.id::text AS id, a.title, a.target::text AS target, a.bonus::text AS bonus,
  a.starts_at, a.ends_at, a.status, a.created_at`;

/**
 * USDT credited to the booking's user from its booking to the earlier of its deadline and `$now`:
 * what counts towards the target (a correlated subquery on booking `b`).
 */
export const DEPOSITED_SQL = `COALESCE((SELECT sum(d.amount) FROM credited_deposits d
  WHERE d.user_id = b.user_id AND d.asset = 'USDT'
    AND d.credited_at >= b.booked_at AND d.credited_at < b.deadline AND d.credited_at <= $1), 0)`;

/** Every activity, newest first, with the user's booking (and its deposits so far) if any. */
export async function activitiesFor(
  q: Queryable,
  userId: string,
  now: Date,
  id?: string,
): Promise<(ActivityRow & { booking: BookingRow | null })[]> {
  const rows = await q.query<ActivityRow & Partial<Record<`b_${keyof BookingRow}`, unknown>>>(
    `SELECT ${ACTIVITY_COLUMNS}, b.status AS b_state, b.booked_at AS b_booked_at, b.deadline AS b_deadline,
            b.settled_at AS b_settled_at,
            (CASE WHEN b.status = 'booked' THEN ${DEPOSITED_SQL} ELSE b.deposited END)::text AS b_deposited
     FROM activities a LEFT JOIN activity_bookings b ON b.activity_id = a.id AND b.user_id = $2
     WHERE ($3::bigint IS NULL OR a.id = $3::bigint)
     ORDER BY a.id DESC LIMIT 200`,
    [now.toISOString(), userId, id ?? null],
  );
  return rows.map((r) => ({
    ...r,
    booking: r.b_state
      ? {
          state: r.b_state as BookingState,
          booked_at: r.b_booked_at as Date,
          deadline: r.b_deadline as Date,
          deposited: String(r.b_deposited),
          settled_at: (r.b_settled_at as Date | null) ?? null,
        }
      : null,
  }));
}

/** One activity, its row locked against a concurrent close while a booking is taken. */
export async function lockActivity(q: Queryable, id: string): Promise<ActivityRow | undefined> {
  const [row] = await q.query<ActivityRow>(
    `SELECT ${ACTIVITY_COLUMNS} FROM activities a WHERE a.id = $1 FOR SHARE`,
    [id],
  );
  return row;
}

/** A booking, unless the user already has one for the activity (the unique index decides, even for two at once). */
export async function insertBooking(
  q: Queryable,
  activityId: string,
  userId: string,
  bookedAt: Date,
  deadline: Date,
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO activity_bookings (activity_id, user_id, booked_at, deadline) VALUES ($1, $2, $3, $4)
     ON CONFLICT (activity_id, user_id) DO NOTHING RETURNING id`,
    [activityId, userId, bookedAt.toISOString(), deadline.toISOString()],
  );
  return rows.length === 1;
}

export interface AdminActivityRow extends ActivityRow {
  booked: number;
  fulfilled: number;
  lapsed: number;
  paid: string;
  owed: string;
}

/** Activities for the back office with their bookings counted and their bonuses paid and owed. */
export async function adminActivities(q: Queryable, id?: string): Promise<AdminActivityRow[]> {
  return q.query<AdminActivityRow>(
    `SELECT ${ACTIVITY_COLUMNS},
            count(b.id) FILTER (WHERE b.status = 'booked')::int AS booked,
            count(b.id) FILTER (WHERE b.status = 'fulfilled')::int AS fulfilled,
            count(b.id) FILTER (WHERE b.status = 'lapsed')::int AS lapsed,
            (a.bonus * count(b.id) FILTER (WHERE b.status = 'fulfilled'))::text AS paid,
            (a.bonus * count(b.id) FILTER (WHERE b.status = 'booked'))::text AS owed
     FROM activities a LEFT JOIN activity_bookings b ON b.activity_id = a.id
     WHERE ($1::bigint IS NULL OR a.id = $1::bigint)
     GROUP BY a.id ORDER BY a.id DESC`,
    [id ?? null],
  );
}

export async function insertActivity(
  q: Queryable,
  a: { title: string; target: string; bonus: string; startsAt: Date; endsAt: Date },
  operatorId: string | null,
  at: Date,
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO activities (title, target, bonus, starts_at, ends_at, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
    [
      a.title,
      a.target,
      a.bonus,
      a.startsAt.toISOString(),
      a.endsAt.toISOString(),
      operatorId,
      at.toISOString(),
    ],
  );
  if (!row) throw new Error('activity not inserted');
  return row.id;
}

/** Sets an activity's status; false when there is no such activity. */
export async function setStatus(q: Queryable, id: string, status: ActivityStatus): Promise<boolean> {
  const rows = await q.query('UPDATE activities SET status = $2 WHERE id = $1 RETURNING id', [id, status]);
  return rows.length === 1;
}
