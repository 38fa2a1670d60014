import { z } from 'zod';
import { decimalInput } from '../amounts.ts';
import { amountText } from '../ledger/schemas.ts';

/**
 * Deposit-bonus activities (PRODUCT.md "Activities"; docs/decisions/0121-activities.md). Amounts
 * are USDT decimal strings. A booking is fulfilled when the USDT deposits credited to the user from
 * its booking to its deadline (booking + 7 days) reach the target; then the bonus is credited once.
 */
export const ACTIVITY_ASSET = 'USDT';
/** A booking's window to deposit the target, from the moment of booking (seed: "within one week"). */
export const ACTIVITY_BOOKING_DAYS = 7;

export const activityId = z.string().regex(/^\d{1,18}$/);

/** Where an activity stands for everyone: not yet open, open to bookings, or over (its end passed or closed). */
export const activityPhase = z.enum(['upcoming', 'available', 'ended']);
export type ActivityPhase = z.infer<typeof activityPhase>;
/** Where a user's booking stands: waiting for deposits, bonus paid, or lapsed at its deadline. */
export const bookingState = z.enum(['booked', 'fulfilled', 'lapsed']);
export type BookingState = z.infer<typeof bookingState>;

export const activityBooking = z.object({
  state: bookingState,
  bookedAt: z.iso.datetime(),
  deadline: z.iso.datetime().describe('Deposits credited before this count (booking + 7 days)'),
  deposited: amountText.describe('USDT deposits credited since booking, up to the deadline'),
  remaining: amountText.describe('What is still to deposit to reach the target (0 when reached)'),
  settledAt: z.iso.datetime().nullable().describe('When the bonus was credited or the booking lapsed'),
});
export type ActivityBooking = z.infer<typeof activityBooking>;

/** One activity as a user sees it, with the caller's booking if any. */
export const activityItem = z.object({
  id: activityId,
  title: z.string(),
  asset: z.literal(ACTIVITY_ASSET),
  target: amountText.describe('USDT to deposit within 7 days of booking'),
  bonus: amountText.describe('USDT credited once the target is reached'),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime().describe('Bookings close then; a booking made before keeps its 7 days'),
  phase: activityPhase,
  booking: activityBooking.nullable(),
});
export type ActivityItem = z.infer<typeof activityItem>;

/** The seed's `useractivity`: its three tabs (available, booked, ended), or all when absent. */
export const userActivityBody = z
  .strictObject({
    type: z
      .enum(['available', 'booked', 'ended'])
      .optional()
      .describe('available: open and not booked; booked: the caller booked it; ended: over and not booked'),
  })
  .optional();
export const activityList = z.object({ items: z.array(activityItem) });
export type ActivityList = z.infer<typeof activityList>;

export const activityIdBody = z.strictObject({ id: activityId });

// The back office.
export const activityStatus = z.enum(['active', 'closed']);
export type ActivityStatus = z.infer<typeof activityStatus>;

export const adminActivity = z.object({
  id: activityId,
  title: z.string(),
  target: amountText,
  bonus: amountText,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  status: activityStatus,
  phase: activityPhase,
  booked: z.number().int().describe('Bookings still waiting for deposits'),
  fulfilled: z.number().int(),
  lapsed: z.number().int(),
  paid: amountText.describe('Bonuses credited so far'),
  owed: amountText.describe('Bonuses owed if every open booking is fulfilled (all within 7 days)'),
  createdAt: z.iso.datetime(),
});
export type AdminActivity = z.infer<typeof adminActivity>;
export const adminActivityList = z.object({ items: z.array(adminActivity) });
export type AdminActivityList = z.infer<typeof adminActivityList>;

export const createActivityBody = z.strictObject({
  title: z.string().trim().min(1).max(120),
  target: decimalInput.describe('USDT to deposit, more than 0'),
  bonus: decimalInput.describe('USDT credited, more than 0'),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});
export type CreateActivityBody = z.infer<typeof createActivityBody>;

export const activityStatusBody = z.strictObject({ id: activityId, status: activityStatus });
