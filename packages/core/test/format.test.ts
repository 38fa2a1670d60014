import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, maskText, toMillis } from '../src/index.ts';

describe('maskText', () => {
  it('keeps short text whole and masks the middle of longer text', () => {
    expect(maskText('abcdef')).toBe('abcdef');
    expect(maskText('user@example.com')).toBe('use****com');
    expect(maskText('+8613800000000')).toBe('+86****000');
  });
  it('always keeps the first and last three characters of text over six', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 7, maxLength: 60, unit: 'grapheme-ascii' }), (s) => {
        const masked = maskText(s);
        expect(masked.startsWith(s.slice(0, 3))).toBe(true);
        expect(masked.endsWith(s.slice(-3))).toBe(true);
        expect(masked).not.toBe(s);
      }),
    );
  });
});

describe('formatAmount', () => {
  it('cuts to 8 decimals without rounding and groups thousands', () => {
    expect(formatAmount('1234567.123456789')).toBe('1,234,567.12345678');
    expect(formatAmount('0.999999999')).toBe('0.99999999');
    expect(formatAmount('100.10000000')).toBe('100.1');
    expect(formatAmount('-0.000000001')).toBe('0');
    expect(formatAmount('5', { minDecimals: 2 })).toBe('5.00');
    expect(formatAmount('1234.5', { groupSeparator: '.', decimalSeparator: ',' })).toBe('1.234,5');
  });
  it('keeps exact digits for any decimal string, however long', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.nat({ max: 99999999 }), (whole, frac) => {
        const text = `${whole}.${String(frac).padStart(8, '0')}`;
        const out = formatAmount(text, { groupSeparator: '' });
        expect(out.split('.')[0]).toBe(whole.toString());
      }),
    );
  });
  it('leaves non-decimal input as it is', () => {
    expect(formatAmount('--')).toBe('--');
  });
});

describe('toMillis', () => {
  it('treats 9 or 10 digits as seconds and longer as milliseconds', () => {
    expect(toMillis(1700000000)).toBe(1700000000000);
    expect(toMillis('999999999')).toBe(999999999000);
    expect(toMillis(1700000000123)).toBe(1700000000123);
  });
});
