import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { EmptyState } from './EmptyState.tsx';
import type { IconName } from './Icon.tsx';
import { type ListPage, listFooter, nextPageNumber, PAGE_SIZE } from './listState.ts';
import { Spinner } from './Spinner.tsx';

export interface InfiniteListProps<T, R = T> {
  queryKey: QueryKey;
  fetchPage: (page: number, pageSize: number) => Promise<ListPage<T>>;
  /** Rows made of every item loaded so far (balance history groups an order's movements). */
  arrange?: (items: T[]) => R[];
  renderItem: (item: R) => ReactNode;
  itemKey: (item: R) => string | number;
  pageSize?: number;
  emptyIcon?: IconName;
}

/** A list that loads the next page when its end scrolls into view. */
export function InfiniteList<T, R = T>({
  queryKey,
  fetchPage,
  arrange,
  renderItem,
  itemKey,
  pageSize = PAGE_SIZE,
  emptyIcon,
}: InfiniteListProps<T, R>) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam, pageSize),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageNumber(pages, pageSize),
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const rows = arrange ? arrange(items) : (items as unknown as R[]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isError) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isError]);

  const footer = listFooter({
    loaded: items.length,
    hasMore: Boolean(hasNextPage),
    loading: query.isPending || isFetchingNextPage,
    failed: isError,
  });

  return (
    <div className="list">
      {rows.map((row) => (
        <div className="list-item" key={itemKey(row)}>
          {renderItem(row)}
        </div>
      ))}
      <div ref={sentinel} className="list-footer" data-testid="list-footer">
        {footer === 'loading' && <Spinner size={20} />}
        {footer === 'error' && (
          <Button variant="text" onClick={() => void (items.length ? fetchNextPage() : query.refetch())}>
            {t('app.retry')}
          </Button>
        )}
        {footer === 'end' && <span>{t('common.noMoreData')}</span>}
        {footer === 'empty' && <EmptyState icon={emptyIcon} title={t('common.listEmpty')} />}
      </div>
    </div>
  );
}
