import { describe, expect, it } from 'vitest';
import { displayRate, progressWidth, toPercentText } from './vipFormat.ts';

describe('VIP page numbers', () => {
  it('shows fee rates as exact percentages in the language on screen', () => {
    expect(toPercentText('0.001')).toBe('0.1');
    expect(toPercentText('0.0009')).toBe('0.09');
    expect(toPercentText('0.00085')).toBe('0.085');
    expect(displayRate('0.001', 'en')).toBe('0.1%');
    expect(displayRate('0.0005', 'en')).toBe('0.05%');
    // German writes "0,09 %" (comma, a no-break space before the sign).
    expect(displayRate('0.0009', 'de')).toBe('0,09\u00a0%');
    // Cut to 4 places, never rounded up: 0.0000999 is 0.00999%.
    expect(displayRate('0.0000999', 'en')).toBe('0.0099%');
  });

  it('draws the progress bar from the exact fraction', () => {
    expect(progressWidth('0')).toBe('0%');
    expect(progressWidth('0.24')).toBe('24%');
    expect(progressWidth('0.012')).toBe('1.2%');
    expect(progressWidth('0.333333333333333333')).toBe('33.33%');
    expect(progressWidth('1')).toBe('100%');
  });
});
