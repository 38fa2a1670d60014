import { describe, expect, it } from 'vitest';
import { countryOptions } from './countries.ts';

describe('the nationality list', () => {
  it('names every country in the reader’s language, sorted by that name', () => {
    const de = countryOptions('de');
    expect(de.find((c) => c.value === 'DE')?.label).toBe('Deutschland');
    expect(countryOptions('en').find((c) => c.value === 'DE')?.label).toBe('Germany');
    const labels = de.map((c) => c.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'de')));
    expect(new Set(de.map((c) => c.value)).size).toBe(de.length);
  });
});
