import { isDecimal, parseUnits, type Units } from '../money/decimal.ts';

/**
 * Deposit-bonus activities' pure rules (PRODUCT.md "Activities"; docs/decisions/0121-activities.md):
 * where an activity stands at a moment, a booking's deadline, what is left to deposit, and what
 * makes an operator's terms valid. Amounts are ledger units (bigint), never JS numbers.
 */

/** A booking's window: the target must be deposited within one week of booking (seed §3). */
export const BOOKING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export type ActivityPhaseName = 'upcoming' | 'available' | 'ended';

export interface ActivityTimes {
  startsAt: Date;
  endsAt: Date;
  /** An operator closed it to new bookings. */
  closed: boolean;
}

/** Open to bookings from its start (inclusive) to its end (exclusive), unless closed. */
export function activityPhase(a: ActivityTimes, now: Date): ActivityPhaseName {
  if (a.closed || now.getTime() >= a.endsAt.getTime()) return 'ended';
  return now.getTime() < a.startsAt.getTime() ? 'upcoming' : 'available';
}

/** Deposits credited before this instant count: exactly 7 days after booking. */
export const bookingDeadline = (bookedAt: Date): Date => new Date(bookedAt.getTime() + BOOKING_WINDOW_MS);

/** What is still to deposit: the target less what was deposited, never below 0. */
export function remainingToTarget(target: Units, deposited: Units): Units {
  return deposited >= target ? 0n : target - deposited;
}

/** Whether deposits of `deposited` fulfil a target (reaching it exactly is enough). */
export const reachesTarget = (target: Units, deposited: Units): boolean => deposited >= target;

export interface ActivityTerms {
  target: string;
  bonus: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * What is wrong with an operator's terms, as the error key and the field it names, or null: a
 * target and a bonus of more than 0 with at most `decimals` decimals (the asset's, USDT's 6: a
 * bonus the ledger could not hold exactly is refused, not rounded), an end after the start.
 */
export function activityTermsProblem(
  t: ActivityTerms,
  decimals: number,
): { error: 'activity_amount' | 'activity_period'; field: string } | null {
  for (const field of ['target', 'bonus'] as const) {
    const text = t[field];
    if (!isDecimal(text, decimals) || parseUnits(text) <= 0n) return { error: 'activity_amount', field };
  }
  if (t.endsAt.getTime() <= t.startsAt.getTime()) return { error: 'activity_period', field: 'endsAt' };
  return null;
}
