/** PRODUCT.md "Navigation": lists page 20 items. */
export const PAGE_SIZE = 20;

export interface ListPage<T> {
  items: T[];
  /** Total across all pages, when the server says it. */
  total?: number;
}

/** The page number to fetch next (1-based), or undefined when the list is complete. */
export function nextPageNumber<T>(pages: readonly ListPage<T>[], pageSize = PAGE_SIZE): number | undefined {
  const last = pages[pages.length - 1];
  if (!last) return 1;
  if (last.items.length < pageSize) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  if (last.total !== undefined && loaded >= last.total) return undefined;
  return pages.length + 1;
}

export type ListFooter = 'loading' | 'error' | 'more' | 'end' | 'empty';

/** What the foot of a list says: 'List is empty', 'No more data', a spinner or a retry. */
export function listFooter(state: {
  loaded: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
}): ListFooter {
  if (state.loading) return 'loading';
  if (state.failed) return 'error';
  if (state.hasMore) return 'more';
  return state.loaded === 0 ? 'empty' : 'end';
}
