import { describe, expect, it } from 'vitest';
import { displayCompact } from './format.ts';

/** The screens' sources, to find every place a volume or turnover is put on screen. */
const sources = import.meta.glob<string>('../**/*.tsx', { eager: true, query: '?raw', import: 'default' });

describe('compact numbers: one rule per language', () => {
  it('shows three significant digits in the language units, whatever the size', () => {
    const values = ['2930.54', '29305.4', '1234567'];
    expect(values.map((v) => displayCompact(v, 'en'))).toEqual(['2.93K', '29.3K', '1.23M']);
    expect(values.map((v) => displayCompact(v, 'ja'))).toEqual(['2,930', '2.93万', '123万']);
    expect(values.map((v) => displayCompact(v, 'zh-TW'))).toEqual(['2,930', '2.93萬', '123萬']);
    expect(displayCompact('12.3456', 'de')).toBe('12,3');
  });

  it('never shows an unreadable value as a number', () => {
    expect(displayCompact('', 'en')).toBe('--');
    expect(displayCompact('abc', 'ja')).toBe('--');
  });

  it('is the one function every screen formats a volume or turnover with', () => {
    const shown = Object.entries(sources).filter(([, text]) =>
      /\b(volume24h|turnover24h|quoteVolume24h)\b/.test(text),
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const [path, text] of shown) {
      for (const use of text.matchAll(/[\w.]*\b(volume24h|turnover24h|quoteVolume24h)\b/g)) {
        const before = text.slice(Math.max(0, (use.index ?? 0) - 40), use.index);
        // core's formatCompactIn, or the app's name for it (displayCompact).
        expect(before, `${path}: ${use[0]}`).toMatch(/(displayCompact|formatCompactIn)\($/);
      }
    }
  });
});
