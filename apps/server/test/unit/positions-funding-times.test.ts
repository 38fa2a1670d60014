import { describe, expect, it } from 'vitest';
import { lastFundingTime, nextFundingTime } from '../../src/positions/funding/times.ts';

const at = (iso: string) => Date.parse(iso);

describe('funding times', () => {
  it('falls at 00:00, 08:00 and 16:00 UTC every 8 hours', () => {
    expect(lastFundingTime(at('2026-11-25T21:38:15Z'), 8)).toBe(at('2026-11-25T16:00:00Z'));
    expect(nextFundingTime(at('2026-11-25T21:38:15Z'), 8)).toBe(at('2026-11-26T00:00:00Z'));
    expect(lastFundingTime(at('2026-11-26T07:59:59.999Z'), 8)).toBe(at('2026-11-26T00:00:00Z'));
  });

  it('counts a funding time reached exactly as due, and the next one after it', () => {
    expect(lastFundingTime(at('2026-11-26T08:00:00Z'), 8)).toBe(at('2026-11-26T08:00:00Z'));
    expect(nextFundingTime(at('2026-11-26T08:00:00Z'), 8)).toBe(at('2026-11-26T16:00:00Z'));
  });

  it('keeps other intervals on whole hours of the day', () => {
    expect(lastFundingTime(at('2026-11-25T21:38:15Z'), 4)).toBe(at('2026-11-25T20:00:00Z'));
    expect(nextFundingTime(at('2026-11-25T21:38:15Z'), 1)).toBe(at('2026-11-25T22:00:00Z'));
  });
});
