import { useListParams } from './useListParams.ts';

/** The URL's value that lists every status. */
export const ALL_STATUSES = 'all';

/**
 * A review queue's status filter and page, kept in the URL: no parameter (or an unknown one) means
 * the queue's default, by default its first status (the one still to decide); `status=all` lists
 * every status. A queue without one status to work through (withdrawals, chain deposits) defaults
 * to ALL_STATUSES. Choosing the default clears the parameter, so the plain address stays canonical.
 */
export function useStatusFilter<S extends string>(
  statuses: readonly [S, ...S[]],
  fallback: S | typeof ALL_STATUSES = statuses[0],
) {
  const { page, filters, setFilter, setPage } = useListParams(['status'] as const);
  const value = filters.status;
  const status: S | typeof ALL_STATUSES =
    value === ALL_STATUSES
      ? ALL_STATUSES
      : (statuses as readonly string[]).includes(value)
        ? (value as S)
        : fallback;
  const setStatus = (next: string) => setFilter('status', next === fallback ? '' : next);
  return { page, setPage, status, setStatus };
}
