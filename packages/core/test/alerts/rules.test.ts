import { describe, expect, it } from 'vitest';
import { alertDirection, alertReached, alertTarget } from '../../src/alerts/rules.ts';
import { formatUnits, parseUnits } from '../../src/money/decimal.ts';

const u = parseUnits;
const target = (...args: Parameters<typeof alertTarget>) => {
  const r = alertTarget(...args);
  return 'target' in r ? formatUnits(r.target) : r.refusal;
};

describe('an alert’s threshold', () => {
  const now = u('60000.50');
  const tick = u('0.01');

  it('takes a set price above the price now for "rises to" and below it for "falls to"', () => {
    expect(target('rises_to', { price: u('61000') }, now, tick)).toBe('61000');
    expect(target('falls_to', { price: u('59000.25') }, now, tick)).toBe('59000.25');
  });

  it('refuses a "rises to" at or below the price now and a "falls to" at or above it', () => {
    expect(target('rises_to', { price: u('60000') }, now, tick)).toBe('alert_rises_below');
    expect(target('rises_to', { price: now }, now, tick)).toBe('alert_rises_below');
    expect(target('falls_to', { price: u('60001') }, now, tick)).toBe('alert_falls_above');
    expect(target('falls_to', { price: now }, now, tick)).toBe('alert_falls_above');
  });

  it('refuses a price of zero or off the instrument’s tick', () => {
    expect(target('falls_to', { price: 0n }, now, tick)).toBe('alert_price_positive');
    expect(target('rises_to', {}, now, tick)).toBe('alert_price_positive');
    expect(target('rises_to', { price: u('61000.005') }, now, tick)).toBe('alert_price_tick');
    expect(target('rises_to', { price: u('61000.5') }, now, u('1'))).toBe('alert_price_tick');
  });

  it('turns a percent move into a price on the tick, rounded away from the price now', () => {
    // 60000.50 x 1.05 = 63000.525: up to 63000.53; x 0.95 = 57000.475: down to 57000.47.
    expect(target('up_percent', { percent: u('5') }, now, tick)).toBe('63000.53');
    expect(target('down_percent', { percent: u('5') }, now, tick)).toBe('57000.47');
    // Exact when it lands on the tick.
    expect(target('up_percent', { percent: u('10') }, u('100'), tick)).toBe('110');
    expect(target('down_percent', { percent: u('0.1') }, u('100'), tick)).toBe('99.9');
  });

  it('keeps the percent within 0.1 and 99, and refuses a move the tick cannot show', () => {
    expect(target('up_percent', { percent: u('0.09') }, now, tick)).toBe('alert_percent_range');
    expect(target('down_percent', { percent: u('99.01') }, now, tick)).toBe('alert_percent_range');
    expect(target('down_percent', {}, now, tick)).toBe('alert_percent_range');
    expect(target('up_percent', { percent: u('99') }, u('100'), tick)).toBe('199');
    // 0.5 with a tick of 1: a 50% fall rounds to 0, never reached.
    expect(target('down_percent', { percent: u('60') }, u('1'), u('1'))).toBe('alert_percent_range');
  });

  it('fires above for a rise and below for a fall, at the threshold or past it', () => {
    expect(alertDirection('rises_to')).toBe('above');
    expect(alertDirection('up_percent')).toBe('above');
    expect(alertDirection('falls_to')).toBe('below');
    expect(alertDirection('down_percent')).toBe('below');
    expect(alertReached(u('10'), 'above', u('10'))).toBe(true);
    expect(alertReached(u('10'), 'above', u('9.99'))).toBe(false);
    expect(alertReached(u('10'), 'below', u('10'))).toBe(true);
    expect(alertReached(u('10'), 'below', u('10.01'))).toBe(false);
  });
});
