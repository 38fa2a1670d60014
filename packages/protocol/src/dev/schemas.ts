import { z } from 'zod';

/** Ten years: further than any rule looks, and far inside what a Date holds. */
const MAX_ADVANCE_MS = 10 * 365 * 24 * 60 * 60 * 1000;

/**
 * Moves a server's manual clock (CLOCK=manual, never in production): forward by `advanceMs`, or
 * to the instant `to`.
 */
export const devClockBody = z.union([
  z.strictObject({ advanceMs: z.number().int().min(0).max(MAX_ADVANCE_MS) }),
  z.strictObject({ to: z.iso.datetime({ offset: true }) }),
]);
export type DevClockBody = z.infer<typeof devClockBody>;

export const devClock = z.object({ now: z.iso.datetime() });
export type DevClock = z.infer<typeof devClock>;
