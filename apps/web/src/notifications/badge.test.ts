import { describe, expect, it } from 'vitest';
import { badgeText } from './badge.ts';

describe('badgeText', () => {
  it('shows the count up to 99, then 99+, and nothing when none is unread', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-1)).toBe('');
    expect(badgeText(Number.NaN)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
});
