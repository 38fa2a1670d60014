import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../api/useSession.ts';
import { displayTime } from '../i18n/format.ts';
import { useLang } from '../i18n/useLang.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { noticeKeys, noticesApi } from './notificationsApi.ts';
import { isAppPath } from './paths.ts';
import './notifications.css';

/**
 * `/pages/assets/xiaoxitongzhiDetails?id=`: one notification, its body as text (a rejection
 * reason with markup shows the markup, never runs it) and its link's button. Opening it marks it read.
 */
export default function NoticeDetailsPage() {
  const { user } = useSession();
  const id = useSearchParams()[0].get('id')?.trim() ?? '';
  if (!user) return null;
  return <NoticeDetail userId={user.id} id={id} />;
}

function NoticeDetail({ userId, id }: { userId: string; id: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  const valid = /^\d{1,18}$/.test(id);
  const detail = useQuery({
    queryKey: noticeKeys.detail(userId, id),
    queryFn: () => noticesApi.detail(id, { toast: false }),
    enabled: valid,
  });
  const readNow = detail.data?.read === true;
  // The server marked it read: the badge and the inbox follow at once (the socket confirms).
  useEffect(() => {
    if (!readNow) return;
    void client.invalidateQueries({ queryKey: noticeKeys.list(userId) });
    void client
      .fetchQuery({
        queryKey: noticeKeys.unread(userId),
        queryFn: () => noticesApi.unread({ toast: false }),
        staleTime: 0,
      })
      .catch(() => {});
  }, [readNow, client, userId]);

  if (!valid) return <EmptyState icon="bell" title={t('notifications.detail.notFound')} />;
  const notice = detail.data;
  if (!notice)
    return (
      <div className="page-pad">
        <QueryState
          pending={detail.isPending}
          error={detail.error}
          onRetry={() => void detail.refetch()}
          icon="bell"
        />
      </div>
    );
  return (
    <article className="page-pad stack" data-testid="notice-detail">
      <section className="card notice-detail">
        <h2 className="notice-detail-title" data-testid="notice-detail-title">
          {notice.title}
        </h2>
        <time className="notice-time" dateTime={notice.createdAt}>
          {displayTime(notice.createdAt, lang)}
        </time>
        <p className="notice-detail-body" data-testid="notice-detail-body">
          {notice.body}
        </p>
      </section>
      {isAppPath(notice.link) && (
        <Button block onClick={() => navigate(notice.link as string)} data-testid="notice-open-link">
          {t('notifications.detail.open')}
        </Button>
      )}
    </article>
  );
}
