import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../ui/Icon.tsx';
import { badgeText } from './badge.ts';
import { NOTICES_PATH } from './paths.ts';
import { useUnreadNotices } from './useUnreadNotices.ts';
import './bell.css';

/** The bell that opens the inbox, with the unread count as a badge, live from the socket. */
export function NoticeBell({ userId, className = '' }: { userId: string; className?: string }) {
  const { t } = useTranslation();
  const unread = useUnreadNotices(userId) ?? 0;
  const badge = badgeText(unread);
  const label = badge ? t('notifications.bellUnread', { unread: badge }) : t('notifications.bell');
  return (
    <Link
      to={NOTICES_PATH}
      className={`icon-btn notice-bell ${className}`}
      aria-label={label}
      title={label}
      data-testid="notice-bell"
      data-unread={unread}
    >
      <Icon name="bell" />
      {badge && (
        <span className="notice-badge" aria-hidden="true" data-testid="notice-badge">
          {badge}
        </span>
      )}
    </Link>
  );
}
