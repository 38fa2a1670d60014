import { describe, expect, it } from 'vitest';
import { noticeTime } from './noticeTime.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('noticeTime', () => {
  it('is relative within a day, in the reader’s language', () => {
    expect(noticeTime(ago(10_000), 'en', NOW)).toBe('now');
    expect(noticeTime(ago(5 * 60_000), 'en', NOW)).toBe('5 minutes ago');
    expect(noticeTime(ago(3 * 3_600_000), 'en', NOW)).toBe('3 hours ago');
    expect(noticeTime(ago(5 * 60_000), 'de', NOW)).toBe('vor 5 Minuten');
  });

  it('is the date and time after a day, and empty when unreadable', () => {
    expect(noticeTime(ago(3 * 86_400_000), 'en', NOW)).toMatch(/Nov 22, 2026/);
    expect(noticeTime('not a time', 'en', NOW)).toBe('');
  });

  it('reads a time slightly ahead of the device’s clock as now', () => {
    expect(noticeTime(new Date(NOW + 5_000).toISOString(), 'en', NOW)).toBe('now');
  });
});
