import { describe, expect, it } from 'vitest';
import { payoutOf, secondsLeft, stakeProblem } from './secondsMath.ts';

describe('the seconds ticket', () => {
  it('shows the payout the server pays: stake x (1 + ratio), cut to USDT', () => {
    expect(payoutOf('100', '0.8')).toBe('180');
    expect(payoutOf('10.123456', '0.85')).toBe('18.728393');
    expect(payoutOf('', '0.8')).toBeNull();
    expect(payoutOf('0', '0.8')).toBeNull();
  });

  it('checks the stake range before sending', () => {
    expect(stakeProblem('9.99', '10', '10000')).toBe('min');
    expect(stakeProblem('10', '10', '10000')).toBeNull();
    expect(stakeProblem('10000.01', '10', '10000')).toBe('max');
    expect(stakeProblem('abc', '10', '10000')).toBe('enter');
  });

  it('counts down in whole seconds to delivery, never below zero', () => {
    const at = Date.parse('2026-01-01T00:00:30.000Z');
    expect(secondsLeft('2026-01-01T00:00:30.000Z', at - 29_001)).toBe(30);
    expect(secondsLeft('2026-01-01T00:00:30.000Z', at + 5)).toBe(0);
    expect(secondsLeft(null, at)).toBeNull();
  });
});
