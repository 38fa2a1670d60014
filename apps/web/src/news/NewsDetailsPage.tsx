import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../api/useSession.ts';
import { useLang } from '../i18n/useLang.ts';
import { QueryState } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { newsApi, newsKeys } from './newsApi.ts';
import './news.css';

/**
 * `/pages/index/newsDetails?id=`: one item, public. Opening it counts a signed-in reader's read
 * (once, on the server); the count shown is the one that call answers. The body is HTML the server rendered from
 * the operator's markdown with the core renderer, which escapes everything it does not write itself.
 */
export default function NewsDetailsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const f = useFormat();
  const client = useQueryClient();
  const signedIn = Boolean(useSession().user);
  const id = useSearchParams()[0].get('id') ?? '';
  const detail = useQuery({
    queryKey: newsKeys.detail(id, lang),
    queryFn: () => newsApi.detail(id, { toast: false }),
    enabled: /^\d{1,18}$/.test(id),
  });
  const read = useMutation({
    mutationFn: () => newsApi.read(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['news', 'list'] }),
  });
  const loaded = detail.data?.id;
  const mark = read.mutate;
  // A visitor reads without a read mark: there is nobody to count.
  useEffect(() => {
    if (loaded && signedIn) mark();
  }, [loaded, signedIn, mark]);

  const item = detail.data;
  if (!item)
    return (
      <div className="page-pad">
        <section className="card">
          <QueryState
            icon="news"
            pending={detail.isPending && detail.fetchStatus !== 'idle'}
            error={
              detail.error ??
              (detail.fetchStatus === 'idle' ? new Error(t('content.newsDetail.missing')) : null)
            }
            onRetry={() => void detail.refetch()}
          />
        </section>
      </div>
    );
  const reads = read.data?.reads ?? item.reads;
  return (
    <article className="page-pad stack news-article" data-testid="news-detail">
      <span className={`news-kind news-kind-${item.kind}`}>{t(`content.news.kinds.${item.kind}`)}</span>
      <h1 className="news-heading" data-testid="news-detail-title">
        {item.title}
      </h1>
      <p className="news-foot">
        <time dateTime={item.publishedAt} data-testid="news-detail-time">
          {t('content.newsDetail.published', { time: f.time(item.publishedAt) })}
        </time>
        <span data-testid="news-detail-reads">{t('content.news.reads', { count: reads })}</span>
      </p>
      {item.language !== lang && <p className="news-fallback">{t('content.newsDetail.inEnglish')}</p>}
      <div
        className="news-body"
        data-testid="news-detail-body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's core renderer escapes all input and writes only its own tags
        dangerouslySetInnerHTML={{ __html: item.html }}
      />
    </article>
  );
}
