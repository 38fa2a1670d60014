import type { NewsItem } from '@otc/protocol/news/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../api/useSession.ts';
import { NEWS_DETAIL_PATH } from '../app/paths.ts';
import { useLang } from '../i18n/useLang.ts';
import { FRESH } from '../money/balances.ts';
import { QueryState, Tabs } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { type NewsTab, newsApi, newsKeys } from './newsApi.ts';
import './news.css';

const TABS: readonly NewsTab[] = ['all', 'announcement', 'news'];

/** `/pages/index/News` (public): news and announcements, newest first; a signed-in reader’s unread ones marked. */
export default function NewsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [tab, setTab] = useState<NewsTab>('all');
  const signedIn = Boolean(useSession().user);
  const list = useQuery({
    queryKey: newsKeys.list(tab, lang, signedIn),
    queryFn: () => newsApi.list(tab, { toast: false }),
    ...FRESH,
  });
  return (
    <div className="page-pad stack">
      <Tabs
        tabs={TABS.map((id) => ({ id, label: t(`content.news.tabs.${id}`) }))}
        value={tab}
        onChange={setTab}
        testIdPrefix="news-tab-"
        label={t('content.news.title')}
      />
      {!list.data ? (
        <section className="card">
          <QueryState
            icon="news"
            pending={list.isPending}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        </section>
      ) : list.data.items.length === 0 ? (
        <section className="card">
          <p className="news-empty" data-testid="news-empty">
            {t('content.news.empty')}
          </p>
        </section>
      ) : (
        <ul className="news-list">
          {list.data.items.map((item) => (
            <NewsRow key={item.id} item={item} signedIn={signedIn} />
          ))}
        </ul>
      )}
    </div>
  );
}

function NewsRow({ item, signedIn }: { item: NewsItem; signedIn: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <li>
      <Link
        to={`${NEWS_DETAIL_PATH}?${new URLSearchParams({ id: item.id })}`}
        className={`card news-row${item.read ? '' : ' news-unread'}`}
        data-testid={`news-${item.id}`}
      >
        <span className="news-meta">
          <span className={`news-kind news-kind-${item.kind}`}>{t(`content.news.kinds.${item.kind}`)}</span>
          {signedIn && !item.read && (
            <span className="news-new" data-testid="news-unread">
              {t('content.news.unread')}
            </span>
          )}
        </span>
        {/* Titles are plain text from operators: React writes them as text, never as HTML. */}
        <span className="news-title">{item.title}</span>
        {item.summary && <span className="news-summary">{item.summary}</span>}
        <span className="news-foot">
          <time dateTime={item.publishedAt}>{f.time(item.publishedAt)}</time>
          <span data-testid="news-reads">{t('content.news.reads', { count: item.reads })}</span>
        </span>
      </Link>
    </li>
  );
}
