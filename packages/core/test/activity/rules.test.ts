import { describe, expect, it } from 'vitest';
import {
  activityPhase,
  activityTermsProblem,
  BOOKING_WINDOW_MS,
  bookingDeadline,
  reachesTarget,
  remainingToTarget,
} from '../../src/activity/rules.ts';
import { parseUnits } from '../../src/money/decimal.ts';

const T0 = new Date('2026-03-01T00:00:00Z');
const plus = (ms: number) => new Date(T0.getTime() + ms);
const DAY = 86_400_000;

describe('activityPhase', () => {
  const a = { startsAt: T0, endsAt: plus(10 * DAY), closed: false };
  it('is upcoming before the start, available from it, ended from the end', () => {
    expect(activityPhase(a, plus(-1))).toBe('upcoming');
    expect(activityPhase(a, T0)).toBe('available');
    expect(activityPhase(a, plus(10 * DAY - 1))).toBe('available');
    expect(activityPhase(a, plus(10 * DAY))).toBe('ended');
  });
  it('is ended when an operator closed it, whatever the time', () => {
    expect(activityPhase({ ...a, closed: true }, plus(DAY))).toBe('ended');
    expect(activityPhase({ ...a, closed: true }, plus(-DAY))).toBe('ended');
  });
});

describe('a booking', () => {
  it('has until exactly 7 days after booking', () => {
    expect(BOOKING_WINDOW_MS).toBe(7 * DAY);
    expect(bookingDeadline(T0).toISOString()).toBe('2026-03-08T00:00:00.000Z');
  });
  it('is fulfilled by reaching the target exactly, and shows what is left, never below 0', () => {
    const target = parseUnits('100');
    expect(reachesTarget(target, parseUnits('99.999999'))).toBe(false);
    expect(reachesTarget(target, parseUnits('100'))).toBe(true);
    expect(remainingToTarget(target, parseUnits('60.25'))).toBe(parseUnits('39.75'));
    expect(remainingToTarget(target, parseUnits('250'))).toBe(0n);
  });
});

describe('activityTermsProblem', () => {
  const terms = { target: '100', bonus: '15.5', startsAt: T0, endsAt: plus(DAY) };
  it('accepts a positive target and bonus within the asset’s decimals and an end after the start', () => {
    expect(activityTermsProblem(terms, 6)).toBeNull();
    expect(activityTermsProblem({ ...terms, bonus: '0.000001' }, 6)).toBeNull();
  });
  it('names the field of a zero amount, one finer than the asset, or an end not after the start', () => {
    expect(activityTermsProblem({ ...terms, target: '0' }, 6)).toEqual({
      error: 'activity_amount',
      field: 'target',
    });
    expect(activityTermsProblem({ ...terms, bonus: '0.0000001' }, 6)).toEqual({
      error: 'activity_amount',
      field: 'bonus',
    });
    expect(activityTermsProblem({ ...terms, endsAt: T0 }, 6)).toEqual({
      error: 'activity_period',
      field: 'endsAt',
    });
  });
});
