/**
 * The validity of a flash-exchange quote on this device. The server's `expiresAt` is exact when
 * the clocks agree; a phone's clock may not, so the deadline is kept inside what the request's
 * own timing allows: the quote was made after it was asked for and before the answer came, so it
 * expires between `sentAt + ttl` and `receivedAt + ttl`.
 */
export function quoteDeadline(
  quote: { expiresAt: string; ttlSeconds: number },
  sentAt: number,
  receivedAt: number,
): number {
  const ttl = Math.max(0, quote.ttlSeconds) * 1000;
  const earliest = sentAt + ttl;
  const latest = Math.max(earliest, receivedAt + ttl);
  const stated = Date.parse(quote.expiresAt);
  if (!Number.isFinite(stated)) return earliest;
  return Math.min(Math.max(stated, earliest), latest);
}

/** Whole seconds left, counted up ("1 s" until the very end), never below zero. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export function isQuoteExpired(deadline: number, now: number): boolean {
  return now >= deadline;
}
