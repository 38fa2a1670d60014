import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSessionOpen, nextSessionChange, type SessionId } from '../../src/market/sessions.ts';

const utc = (iso: string) => Date.parse(`${iso}Z`);
const SESSIONS: SessionId[] = ['forex', 'us-stock', 'metal', 'commodity'];

describe('always (crypto)', () => {
  it('is open at every instant and never changes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: utc('2100-01-01T00:00:00') }), (t) => {
        expect(isSessionOpen('always', t)).toBe(true);
        expect(nextSessionChange('always', t)).toBeNull();
      }),
    );
  });
});

describe('forex', () => {
  it('is closed on Saturday and open on Monday morning', () => {
    expect(isSessionOpen('forex', utc('2024-01-06T12:00:00'))).toBe(false); // Saturday
    expect(isSessionOpen('forex', utc('2024-01-08T10:00:00'))).toBe(true); // Monday
    expect(isSessionOpen('forex', utc('2024-01-10T03:00:00'))).toBe(true); // Wednesday night
  });

  it('opens exactly at Sunday 22:00 UTC and closes exactly at Friday 22:00 UTC', () => {
    expect(isSessionOpen('forex', utc('2024-01-07T21:59:59.999'))).toBe(false);
    expect(isSessionOpen('forex', utc('2024-01-07T22:00:00'))).toBe(true);
    expect(isSessionOpen('forex', utc('2024-01-12T21:59:59.999'))).toBe(true);
    expect(isSessionOpen('forex', utc('2024-01-12T22:00:00'))).toBe(false);
    expect(nextSessionChange('forex', utc('2024-01-06T12:00:00'))).toBe(utc('2024-01-07T22:00:00'));
    expect(nextSessionChange('forex', utc('2024-01-07T22:00:00'))).toBe(utc('2024-01-12T22:00:00'));
    expect(nextSessionChange('forex', utc('2024-01-12T22:00:00'))).toBe(utc('2024-01-14T22:00:00'));
  });
});

describe('us-stock (New York hours, DST-aware)', () => {
  it('opens at 14:30 UTC in January (EST) and 13:30 UTC in July (EDT)', () => {
    expect(isSessionOpen('us-stock', utc('2024-01-16T14:29:59.999'))).toBe(false);
    expect(isSessionOpen('us-stock', utc('2024-01-16T14:30:00'))).toBe(true);
    expect(isSessionOpen('us-stock', utc('2024-01-16T13:30:00'))).toBe(false); // 08:30 EST
    expect(isSessionOpen('us-stock', utc('2024-01-16T20:59:59.999'))).toBe(true);
    expect(isSessionOpen('us-stock', utc('2024-01-16T21:00:00'))).toBe(false);

    expect(isSessionOpen('us-stock', utc('2024-07-16T13:29:59.999'))).toBe(false);
    expect(isSessionOpen('us-stock', utc('2024-07-16T13:30:00'))).toBe(true);
    expect(isSessionOpen('us-stock', utc('2024-07-16T19:59:59.999'))).toBe(true);
    expect(isSessionOpen('us-stock', utc('2024-07-16T20:00:00'))).toBe(false);
    expect(isSessionOpen('us-stock', utc('2024-07-16T20:30:00'))).toBe(false); // 16:30 EDT
  });

  it('is closed on weekends', () => {
    expect(isSessionOpen('us-stock', utc('2024-07-13T15:00:00'))).toBe(false); // Saturday
    expect(isSessionOpen('us-stock', utc('2024-07-14T15:00:00'))).toBe(false); // Sunday
    expect(isSessionOpen('us-stock', utc('2024-01-13T16:00:00'))).toBe(false); // Saturday
  });

  it('gives the exact next open and close, across DST changes', () => {
    expect(nextSessionChange('us-stock', utc('2024-07-16T10:00:00'))).toBe(utc('2024-07-16T13:30:00'));
    expect(nextSessionChange('us-stock', utc('2024-07-16T13:30:00'))).toBe(utc('2024-07-16T20:00:00'));
    expect(nextSessionChange('us-stock', utc('2024-07-12T20:00:00'))).toBe(utc('2024-07-15T13:30:00'));
    // Friday close in EST, Monday open in EDT (DST began Sunday 2024-03-10).
    expect(nextSessionChange('us-stock', utc('2024-03-08T21:00:00'))).toBe(utc('2024-03-11T13:30:00'));
    // Friday close in EDT, Monday open in EST (DST ended Sunday 2024-11-03).
    expect(nextSessionChange('us-stock', utc('2024-11-01T20:00:00'))).toBe(utc('2024-11-04T14:30:00'));
    // During the repeated 01:00-02:00 hour of the fall-back night.
    expect(nextSessionChange('us-stock', utc('2024-11-03T06:30:00'))).toBe(utc('2024-11-04T14:30:00'));
  });
});

describe('metal and commodity', () => {
  it('breaks daily 22:00-23:00 UTC Monday to Thursday', () => {
    for (const s of ['metal', 'commodity'] as const) {
      expect(isSessionOpen(s, utc('2024-01-09T21:59:59.999'))).toBe(true); // Tuesday
      expect(isSessionOpen(s, utc('2024-01-09T22:00:00'))).toBe(false);
      expect(isSessionOpen(s, utc('2024-01-09T22:30:00'))).toBe(false);
      expect(isSessionOpen(s, utc('2024-01-09T23:00:00'))).toBe(true);
      expect(nextSessionChange(s, utc('2024-01-09T22:30:00'))).toBe(utc('2024-01-09T23:00:00'));
      expect(nextSessionChange(s, utc('2024-01-09T12:00:00'))).toBe(utc('2024-01-09T22:00:00'));
    }
  });

  it('opens Sunday 23:00 UTC and closes Friday 22:00 UTC for the weekend', () => {
    expect(isSessionOpen('metal', utc('2024-01-14T22:30:00'))).toBe(false); // Sunday, forex already open
    expect(isSessionOpen('forex', utc('2024-01-14T22:30:00'))).toBe(true);
    expect(isSessionOpen('metal', utc('2024-01-14T23:00:00'))).toBe(true);
    expect(isSessionOpen('metal', utc('2024-01-12T22:30:00'))).toBe(false); // Friday
    expect(isSessionOpen('metal', utc('2024-01-13T12:00:00'))).toBe(false); // Saturday
    expect(nextSessionChange('metal', utc('2024-01-12T22:00:00'))).toBe(utc('2024-01-14T23:00:00'));
    expect(nextSessionChange('commodity', utc('2024-01-11T23:00:00'))).toBe(utc('2024-01-12T22:00:00'));
  });
});

describe('nextSessionChange', () => {
  it('returns the exact instant the state flips, with no flip before it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SESSIONS),
        fc.integer({ min: utc('2000-01-01T00:00:00'), max: utc('2040-01-01T00:00:00') }),
        (session, t) => {
          const open = isSessionOpen(session, t);
          const next = nextSessionChange(session, t);
          if (next === null) throw new Error('expected a transition');
          expect(next).toBeGreaterThan(t);
          expect(next - t).toBeLessThanOrEqual(5 * 86_400_000);
          expect(isSessionOpen(session, next)).toBe(!open);
          expect(isSessionOpen(session, next - 1)).toBe(open);
          for (let k = 1; k < 8; k++) {
            expect(isSessionOpen(session, t + Math.floor(((next - t) * k) / 8))).toBe(open);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
