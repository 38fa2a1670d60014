import { describe, expect, it } from 'vitest';
import { isQuoteExpired, quoteDeadline, secondsLeft } from './quote.ts';

const T0 = Date.parse('2030-01-01T00:00:00.000Z');
const quote = (expiresInMs: number) => ({
  expiresAt: new Date(T0 + expiresInMs).toISOString(),
  ttlSeconds: 10,
});

describe('quoteDeadline', () => {
  it('uses expiresAt when the clocks agree', () => {
    // Asked at T0 - 200 ms, answered at T0 + 100 ms; the server says T0 + 10 s.
    expect(quoteDeadline(quote(10000), T0 - 200, T0 + 100)).toBe(T0 + 10000);
  });

  it('stays within what the request timing allows when the phone clock is off', () => {
    // The phone is a minute fast: the server's expiresAt looks long past.
    expect(quoteDeadline(quote(10000), T0 + 60000, T0 + 60100)).toBe(T0 + 70000);
    // The phone is a minute slow: the server's expiresAt looks far away.
    expect(quoteDeadline(quote(10000), T0 - 60100, T0 - 60000)).toBe(T0 - 50000);
  });

  it('falls back to the earliest bound on an unreadable expiresAt', () => {
    expect(quoteDeadline({ expiresAt: 'soon', ttlSeconds: 10 }, T0, T0 + 300)).toBe(T0 + 10000);
  });
});

describe('countdown', () => {
  const deadline = T0 + 10000;
  it('counts whole seconds down to zero', () => {
    expect(secondsLeft(deadline, T0)).toBe(10);
    expect(secondsLeft(deadline, T0 + 1)).toBe(10);
    expect(secondsLeft(deadline, T0 + 1000)).toBe(9);
    expect(secondsLeft(deadline, T0 + 9999)).toBe(1);
    expect(secondsLeft(deadline, T0 + 10000)).toBe(0);
    expect(secondsLeft(deadline, T0 + 60000)).toBe(0);
  });

  it('expires at the deadline, not before', () => {
    expect(isQuoteExpired(deadline, T0 + 9999)).toBe(false);
    expect(isQuoteExpired(deadline, T0 + 10000)).toBe(true);
  });
});
