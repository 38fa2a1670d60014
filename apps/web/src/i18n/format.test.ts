import { describe, expect, it } from 'vitest';
import { displayAmount, displayPercent, displayTime, separators } from './format.ts';

describe('separators', () => {
  it('follow the locale', () => {
    expect(separators('en')).toEqual({ group: ',', decimal: '.' });
    expect(separators('de')).toEqual({ group: '.', decimal: ',' });
    expect(separators('fr').decimal).toBe(',');
    expect(separators('fr').group).toMatch(/^\s$/u);
  });
});

describe('displayAmount', () => {
  it('cuts to 8 decimals and uses the locale separators, without a JS number', () => {
    expect(displayAmount('1234567.123456789', 'en')).toBe('1,234,567.12345678');
    expect(displayAmount('1234567.123456789', 'de')).toBe('1.234.567,12345678');
    expect(displayAmount('12345678901234567890.5', 'en')).toBe('12,345,678,901,234,567,890.5');
  });

  it('honours fixed decimals', () => {
    expect(displayAmount('5', 'en', { minDecimals: 2 })).toBe('5.00');
    expect(displayAmount('0.129', 'en', { decimals: 2 })).toBe('0.12');
  });
});

describe('displayPercent', () => {
  it('formats a ratio for the locale', () => {
    expect(displayPercent(0.0512, 'en')).toBe('5.12%');
    expect(displayPercent(0.0512, 'de').replace(/\s/u, ' ')).toBe('5,12 %');
  });
});

describe('displayTime', () => {
  const utc = (ts: number | string, lang = 'en') =>
    displayTime(
      ts,
      lang,
      {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      },
      'UTC',
    );

  it('reads 10-digit timestamps as seconds and longer ones as milliseconds', () => {
    expect(utc(1700000000)).toBe('11/14/2023, 22:13');
    expect(utc(1700000000000)).toBe('11/14/2023, 22:13');
    expect(utc('1700000000')).toBe('11/14/2023, 22:13');
  });

  it('reads ISO dates and formats for the locale', () => {
    expect(utc('2023-11-14T22:13:20.000Z', 'de')).toBe('14.11.2023, 22:13');
  });

  it('returns an empty string for what it cannot read', () => {
    expect(displayTime('not a date', 'en')).toBe('');
  });
});
