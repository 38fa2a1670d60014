/**
 * A lockout after repeated failures (issue 14: 5 wrong transaction passwords in 15 minutes). While
 * locked, attempts are refused unchecked and not counted, so a lock ends `windowMs` after the
 * failure that set it, and the failures before it no longer count then.
 */
export interface LockoutRule {
  maxFailures: number;
  windowMs: number;
}

/**
 * When the lock lifts (ms since the epoch), or null when attempts are allowed at `now`.
 * `failures`: the times (ms) of the latest failures, any order; only the latest `maxFailures` matter.
 */
export function lockedUntil(failures: readonly number[], now: number, rule: LockoutRule): number | null {
  if (failures.length < rule.maxFailures) return null;
  const latest = [...failures].sort((a, b) => b - a).slice(0, rule.maxFailures);
  const newest = latest[0] as number;
  const oldest = latest[rule.maxFailures - 1] as number;
  if (newest - oldest >= rule.windowMs) return null;
  const until = newest + rule.windowMs;
  return until > now ? until : null;
}
