import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffMs, nextRunAt } from '../../src/platform/jobs/schedule.ts';

const HOUR = 60 * 60 * 1000;

describe('job retry backoff', () => {
  it('doubles from the base with each failed attempt', () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a))).toEqual([5_000, 10_000, 20_000, 40_000]);
  });

  it('never waits longer than the cap, however many attempts failed', () => {
    expect(backoffMs(11)).toBe(BACKOFF_CAP_MS);
    expect(backoffMs(1_000_000)).toBe(BACKOFF_CAP_MS);
    expect(backoffMs(3, 15_000)).toBe(15_000);
  });

  it('grows with the attempt and stays within base and cap (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10 * HOUR }), (a, cap) => {
        const wait = backoffMs(a, cap);
        expect(wait).toBeLessThanOrEqual(cap);
        expect(wait).toBeGreaterThanOrEqual(Math.min(BACKOFF_BASE_MS, cap));
        expect(backoffMs(a + 1, cap)).toBeGreaterThanOrEqual(wait);
      }),
    );
  });

  it('counts attempts from 1', () => {
    expect(() => backoffMs(0)).toThrow(RangeError);
    expect(() => backoffMs(1.5)).toThrow(RangeError);
  });
});

describe('a recurring job’s next run', () => {
  const t0 = Date.UTC(2026, 10, 25, 10, 17);

  it('is one period after the run it did, on time', () => {
    expect(nextRunAt(t0, HOUR, t0)).toBe(t0 + HOUR);
    expect(nextRunAt(t0, HOUR, t0 + 42_000)).toBe(t0 + HOUR);
  });

  it('keeps its phase and makes missed runs up with one', () => {
    // Down for 5.5 hours: one run now, the next at :17 again.
    expect(nextRunAt(t0, HOUR, t0 + 5.5 * HOUR)).toBe(t0 + 6 * HOUR);
    // Exactly on a later boundary: the next is one period on, never now again.
    expect(nextRunAt(t0, HOUR, t0 + 3 * HOUR)).toBe(t0 + 4 * HOUR);
  });

  it('is the first of scheduled + k periods after now (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 7 * 24 * HOUR }),
        fc.integer({ min: 0, max: 2 ** 36 }),
        (scheduled, every, late) => {
          const now = scheduled + late;
          const next = nextRunAt(scheduled, every, now);
          expect(next).toBeGreaterThan(now);
          expect(next - every).toBeLessThanOrEqual(now);
          expect((next - scheduled) % every).toBe(0);
        },
      ),
    );
  });

  it('needs a period', () => {
    expect(() => nextRunAt(t0, 0, t0)).toThrow(RangeError);
  });
});
