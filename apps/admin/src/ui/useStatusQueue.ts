import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../api/admin.ts';
import { ALL_STATUSES, useStatusFilter } from './useStatusFilter.ts';

/** A page of a queue as the server answers it. */
export interface QueuePage<T> {
  items: T[];
  total: number;
}

/** What a queue's page is asked with: `status` undefined lists every status. */
export interface QueueParams<S extends string> {
  status: S | undefined;
  page: number;
  pageSize: number;
}

/**
 * A review queue (bank deposits, identity checks, withdrawals, chain deposits, adjustments): its
 * status filter and page kept in the URL (`useStatusFilter`), and the page of records they select,
 * the last page kept on screen while the next loads. `chosen` is the filter's value as the select
 * shows it (`ALL_STATUSES` included).
 */
export function useStatusQueue<S extends string, T>(
  statuses: readonly [S, ...S[]],
  key: readonly unknown[],
  fetch: (params: QueueParams<S>, signal: AbortSignal) => Promise<QueuePage<T>>,
  fallback: S | typeof ALL_STATUSES = statuses[0],
) {
  const { page, setPage, status: chosen, setStatus } = useStatusFilter(statuses, fallback);
  const status = chosen === ALL_STATUSES ? undefined : chosen;
  const list = useQuery({
    queryKey: [...key, { status, page }],
    queryFn: ({ signal }) => fetch({ status, page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const paging = { page, total: list.data?.total ?? 0, onPage: setPage };
  return { chosen, setStatus, list, items: list.data?.items ?? [], paging };
}
