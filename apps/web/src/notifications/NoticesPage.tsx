import type { Notice, NoticeList } from '@otc/protocol/notifications/schemas';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../api/useSession.ts';
import { useNow } from '../app/useNow.ts';
import { useLang } from '../i18n/useLang.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { noticeTime } from './noticeTime.ts';
import { noticeKeys, noticesApi } from './notificationsApi.ts';
import { noticeDetailPath } from './paths.ts';
import { useUnreadNotices } from './useUnreadNotices.ts';
import './notifications.css';

const PAGE_SIZE = 20;
/** Relative times ("5 minutes ago") move on while the inbox is open. */
const CLOCK_TICK_MS = 30_000;

/** `/pages/assets/xiaoxitongzhi`: the inbox, newest first, live as notifications arrive. */
export default function NoticesPage() {
  const { user } = useSession();
  if (!user) return null;
  return <Inbox userId={user.id} />;
}

function Inbox({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const unread = useUnreadNotices(userId) ?? 0;
  const list = useInfiniteQuery({
    queryKey: noticeKeys.list(userId),
    queryFn: ({ pageParam }) => noticesApi.list(pageParam, PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last: NoticeList, pages: NoticeList[]) =>
      pages.reduce((n, p) => n + p.items.length, 0) < last.total && last.items.length > 0
        ? pages.length + 1
        : undefined,
  });
  const readAll = useMutation({
    mutationFn: noticesApi.readAll,
    onSuccess: ({ unread: left }) => {
      client.setQueryData(noticeKeys.unread(userId), { unread: left });
      void client.invalidateQueries({ queryKey: noticeKeys.list(userId) });
    },
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const now = useNow(true, CLOCK_TICK_MS);

  if (!list.data)
    return (
      <div className="page-pad">
        <QueryState
          pending={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
          icon="bell"
        />
      </div>
    );
  return (
    <div className="page-pad stack">
      {items.length === 0 ? (
        <EmptyState
          icon="bell"
          title={t('notifications.inbox.empty')}
          text={t('notifications.inbox.emptyText')}
        />
      ) : (
        <>
          <div className="notice-toolbar">
            <span data-testid="notice-unread-count">{t('notifications.inbox.unreadCount', { unread })}</span>
            <Button
              variant="text"
              disabled={unread === 0}
              loading={readAll.isPending}
              onClick={() => readAll.mutate()}
              data-testid="notice-read-all"
            >
              {t('notifications.inbox.markAllRead')}
            </Button>
          </div>
          <ul className="card notice-list" data-testid="notice-list">
            {items.map((n) => (
              <NoticeRow key={n.id} notice={n} now={now} />
            ))}
          </ul>
          <div className="list-footer">
            {list.hasNextPage ? (
              <Button
                variant="secondary"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
                data-testid="notice-more"
              >
                {t('notifications.inbox.loadMore')}
              </Button>
            ) : list.isFetching ? (
              <Spinner size={20} />
            ) : (
              <span>{t('common.noMoreData')}</span>
            )}
          </div>
        </>
      )}
    </div>
  );
}

function NoticeRow({ notice, now }: { notice: Notice; now: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const firstLine = notice.body.split('\n', 1)[0] ?? '';
  return (
    <li>
      <Link
        to={noticeDetailPath(notice.id)}
        className={`notice-row${notice.read ? '' : ' notice-row-unread'}`}
        data-testid="notice-row"
        data-read={notice.read}
      >
        <span className="notice-dot" aria-hidden={notice.read}>
          {!notice.read && <span className="visually-hidden">{t('notifications.inbox.unread')}</span>}
        </span>
        <span className="notice-row-main">
          <span className="notice-row-head">
            <span className="notice-title">{notice.title}</span>
            <time className="notice-time" dateTime={notice.createdAt}>
              {noticeTime(notice.createdAt, lang, now)}
            </time>
          </span>
          <span className="notice-excerpt">{firstLine}</span>
        </span>
      </Link>
    </li>
  );
}
