import { describe, expect, it } from 'vitest';
import { lockedUntil } from '../../src/auth/lockout.ts';

const MINUTE = 60_000;
const rule = { maxFailures: 5, windowMs: 15 * MINUTE };
const at = (...minutes: number[]) => minutes.map((m) => m * MINUTE);

describe('lockedUntil', () => {
  it('allows up to four failures', () => {
    expect(lockedUntil(at(0, 1, 2, 3), 4 * MINUTE, rule)).toBeNull();
  });

  it('locks on the fifth failure within 15 minutes, for 15 minutes after it', () => {
    const failures = at(0, 2, 4, 6, 14);
    expect(lockedUntil(failures, 14 * MINUTE, rule)).toBe(29 * MINUTE);
    expect(lockedUntil(failures, 29 * MINUTE - 1, rule)).toBe(29 * MINUTE);
    expect(lockedUntil(failures, 29 * MINUTE, rule)).toBeNull();
  });

  it('does not lock when the five failures are spread over 15 minutes or more', () => {
    expect(lockedUntil(at(0, 5, 10, 12, 15), 15 * MINUTE, rule)).toBeNull();
  });

  it('looks only at the latest five, in any order', () => {
    expect(lockedUntil(at(40, 0, 41, 42, 43, 44), 45 * MINUTE, rule)).toBe(59 * MINUTE);
  });
});
