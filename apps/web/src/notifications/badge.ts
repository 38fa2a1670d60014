import { NOTICE_BADGE_MAX } from '@otc/protocol/notifications/constants';

/** The badge's text: the count, "99+" above 99, nothing when none is unread. */
export function badgeText(unread: number): string {
  if (!Number.isFinite(unread) || unread <= 0) return '';
  return unread > NOTICE_BADGE_MAX ? `${NOTICE_BADGE_MAX}+` : String(Math.floor(unread));
}
