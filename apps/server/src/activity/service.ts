import {
  activityPhase,
  activityTermsProblem,
  bookingDeadline,
  canonicalDecimal,
  formatUnits,
  parseUnits,
  remainingToTarget,
} from '@otc/core';
import type {
  ActivityItem,
  ActivityStatus,
  AdminActivity,
  CreateActivityBody,
} from '@otc/protocol/activity/schemas';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { fail, failField } from '../http/errors.ts';
import type { Jurisdictions } from '../jurisdiction/index.ts';
import { findAsset } from '../ledger/index.ts';
import { audit } from '../platform/audit.ts';
import * as sql from './queries.ts';

type Row = Awaited<ReturnType<typeof sql.activitiesFor>>[number];

const phaseOf = (a: sql.ActivityRow, now: Date) =>
  activityPhase({ startsAt: a.starts_at, endsAt: a.ends_at, closed: a.status === 'closed' }, now);

/** An activity as the user sees it: its phase now, and the user's booking with what is left to deposit. */
function itemOf(r: Row, now: Date): ActivityItem {
  const b = r.booking;
  return {
    id: r.id,
    title: r.title,
    asset: 'USDT',
    target: canonicalDecimal(r.target),
    bonus: canonicalDecimal(r.bonus),
    startsAt: new Date(r.starts_at).toISOString(),
    endsAt: new Date(r.ends_at).toISOString(),
    phase: phaseOf(r, now),
    booking: b
      ? {
          state: b.state,
          bookedAt: new Date(b.booked_at).toISOString(),
          deadline: new Date(b.deadline).toISOString(),
          deposited: canonicalDecimal(b.deposited),
          remaining: formatUnits(remainingToTarget(parseUnits(r.target), parseUnits(b.deposited))),
          settledAt: b.settled_at ? new Date(b.settled_at).toISOString() : null,
        }
      : null,
  };
}

/**
 * The seed's three tabs: available (open or about to open, not booked), booked (every booking,
 * whatever became of it) and ended (over, not booked); all without a type.
 */
export async function listActivities(
  ctx: AppContext,
  userId: string,
  type?: 'available' | 'booked' | 'ended',
): Promise<ActivityItem[]> {
  const now = ctx.clock.date();
  const items = (await sql.activitiesFor(ctx.db, userId, now)).map((r) => itemOf(r, now));
  if (!type) return items;
  if (type === 'booked') return items.filter((i) => i.booking);
  return items.filter((i) => !i.booking && (type === 'ended' ? i.phase === 'ended' : i.phase !== 'ended'));
}

export async function activityDetail(ctx: AppContext, userId: string, id: string): Promise<ActivityItem> {
  const now = ctx.clock.date();
  const [row] = await sql.activitiesFor(ctx.db, userId, now, id);
  if (!row) fail('activity_not_found');
  return itemOf(row, now);
}

/**
 * Books an activity for the caller, once: live users only (a demo account cannot deposit, so it
 * could never fulfil one) whose country allows deposit bonuses, an activity open now; the deadline
 * is 7 days from now.
 */
export async function joinActivity(
  ctx: AppContext,
  jurisdictions: Jurisdictions,
  caller: { userId: string; realm: Realm },
  id: string,
): Promise<ActivityItem> {
  if (caller.realm !== 'live') fail('activity_demo');
  // A deposit bonus is an incentive to trade, CFDs included: where the user's country restricts those
  // (ESMA, FCA: decision 0146), none is booked.
  if ((await jurisdictions.of(caller.userId)).profile?.cfdBonuses === false) fail('activity_jurisdiction');
  const now = ctx.clock.date();
  await ctx.db.tx(async (q) => {
    const activity = await sql.lockActivity(q, id);
    if (!activity) fail('activity_not_found');
    const phase = phaseOf(activity, now);
    if (phase === 'ended') fail('activity_ended');
    if (phase === 'upcoming') fail('activity_not_started');
    if (!(await sql.insertBooking(q, id, caller.userId, now, bookingDeadline(now))))
      fail('activity_already_booked');
  });
  return activityDetail(ctx, caller.userId, id);
}

function adminItemOf(r: sql.AdminActivityRow, now: Date): AdminActivity {
  return {
    id: r.id,
    title: r.title,
    target: canonicalDecimal(r.target),
    bonus: canonicalDecimal(r.bonus),
    startsAt: new Date(r.starts_at).toISOString(),
    endsAt: new Date(r.ends_at).toISOString(),
    status: r.status,
    phase: phaseOf(r, now),
    booked: Number(r.booked),
    fulfilled: Number(r.fulfilled),
    lapsed: Number(r.lapsed),
    paid: canonicalDecimal(r.paid),
    owed: canonicalDecimal(r.owed),
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function adminList(ctx: AppContext): Promise<AdminActivity[]> {
  const now = ctx.clock.date();
  return (await sql.adminActivities(ctx.db)).map((r) => adminItemOf(r, now));
}

async function adminOne(ctx: AppContext, id: string): Promise<AdminActivity> {
  const [row] = await sql.adminActivities(ctx.db, id);
  if (!row) fail('activity_not_found');
  return adminItemOf(row, ctx.clock.date());
}

/** An admin's new activity, audited with its terms; bad terms are named under their field and change nothing. */
export async function createActivity(
  ctx: AppContext,
  req: FastifyRequest,
  body: CreateActivityBody,
): Promise<AdminActivity> {
  const terms = { ...body, startsAt: new Date(body.startsAt), endsAt: new Date(body.endsAt) };
  const { decimals } = await findAsset(ctx.db, 'USDT');
  const problem = activityTermsProblem(terms, decimals);
  if (problem) failField(problem.error, problem.field, { decimals });
  const id = await ctx.db.tx(async (q) => {
    const id = await sql.insertActivity(q, terms, req.operator?.id ?? null, ctx.clock.date());
    await audit(q, req, 'activity.create', id, {
      title: body.title,
      target: canonicalDecimal(body.target),
      bonus: canonicalDecimal(body.bonus),
      startsAt: terms.startsAt.toISOString(),
      endsAt: terms.endsAt.toISOString(),
    });
    return id;
  });
  return adminOne(ctx, id);
}

/** Closes an activity to new bookings (its open bookings keep their 7 days) or opens it again, audited. */
export async function setActivityStatus(
  ctx: AppContext,
  req: FastifyRequest,
  id: string,
  status: ActivityStatus,
): Promise<AdminActivity> {
  await ctx.db.tx(async (q) => {
    if (!(await sql.setStatus(q, id, status))) fail('activity_not_found');
    await audit(q, req, 'activity.status', id, { status });
  });
  return adminOne(ctx, id);
}
