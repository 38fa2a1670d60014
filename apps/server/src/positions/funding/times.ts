const HOUR_MS = 3_600_000;

/**
 * Funding times are whole multiples of the instrument's interval since the epoch (midnight UTC):
 * with the default 8 hours, 00:00, 08:00 and 16:00 UTC, as the anchors charge it. Every divisor of
 * 24 keeps the same times each day.
 */
export function lastFundingTime(now: number, intervalHours: number): number {
  const every = intervalHours * HOUR_MS;
  return Math.floor(now / every) * every;
}

/** The first funding time after `now` (a time exactly now is already due, so the next one is after it). */
export function nextFundingTime(now: number, intervalHours: number): number {
  return lastFundingTime(now, intervalHours) + intervalHours * HOUR_MS;
}
