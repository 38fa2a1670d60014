import { useListParams } from './useListParams.ts';

/** The URL's value that lists every status. */
export const ALL_STATUSES = 'all';

/**
 * A review queue's status filter and page, kept in the URL: no parameter means the queue's first
 * status (the one still to decide), `status=all` lists every status, anything else unknown falls
 * back to the first.
 */
export function useStatusFilter<S extends string>(statuses: readonly [S, ...S[]]) {
  const { page, filters, setFilter, setPage } = useListParams(['status'] as const);
  const first = statuses[0];
  const value = filters.status;
  const status: S | typeof ALL_STATUSES =
    value === ALL_STATUSES
      ? ALL_STATUSES
      : (((statuses as readonly string[]).includes(value) ? value : first) as S);
  const setStatus = (next: string) => setFilter('status', next === first ? '' : next);
  return { page, setPage, status, setStatus };
}
