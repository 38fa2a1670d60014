import { formatDateTimeIn } from '@otc/core/display';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a notification came, in the reader's language: relative within a day ("now", "5 minutes
 * ago", "3 hours ago"), the date and time after that. '' for an unreadable time.
 */
export function noticeTime(createdAt: string, lang: string, now: number): string {
  const at = Date.parse(createdAt);
  if (!Number.isFinite(at)) return '';
  const ago = Math.max(0, now - at);
  if (ago >= DAY) return formatDateTimeIn(createdAt, lang);
  const relative = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  if (ago < MINUTE) return relative.format(0, 'second');
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  return relative.format(-Math.floor(ago / HOUR), 'hour');
}
