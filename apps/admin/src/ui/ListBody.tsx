import type { ReactNode } from 'react';
import { PAGE_SIZE } from '../api/admin.ts';
import { Pagination } from './Pagination.tsx';
import { type Header, QueryTable } from './QueryTable.tsx';
import { RefreshButton } from './RefreshButton.tsx';

/** A listing's query as the list shows it: its states, its refresh and when it last arrived. */
export interface ListQuery {
  isPending: boolean;
  isSuccess: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  dataUpdatedAt: number;
  refetch: () => Promise<unknown>;
}

export interface ListBodyProps {
  query: ListQuery;
  /** The table's test id. */
  testId: string;
  headers: Header[];
  /** Whether the loaded listing has no rows, and what to say then. */
  isEmpty: boolean;
  empty: ReactNode;
  /** The name of the region that scrolls the table. */
  region: string;
  /** Tighter rows, for a listing of many short columns. */
  compact?: boolean;
  /** The rows. */
  children: ReactNode;
  /** The filters, at the toolbar's start. */
  filters?: ReactNode;
  /** The Refresh button's test id: the toolbar ends with it when given. */
  refreshTestId?: string;
  /** More at the toolbar's end, after Refresh (an action on the whole list). */
  toolbarEnd?: ReactNode;
  /** Between the toolbar and the table: hints, and what the last action did. */
  notices?: ReactNode;
  /** A paged listing: its page, its total, and how to turn the page. */
  paging?: { page: number; total: number; onPage: (page: number) => void };
}

/** A listing: its toolbar (filters, Refresh), notices, its table in every state, its pages. */
export function ListBody(props: ListBodyProps) {
  const { query, filters, refreshTestId, toolbarEnd, notices, paging } = props;
  const end = refreshTestId !== undefined || toolbarEnd !== undefined;
  return (
    <>
      {(filters !== undefined || end) && (
        <div className="toolbar">
          {filters}
          {end && (
            <div className="toolbar-end">
              {refreshTestId !== undefined && <RefreshButton query={query} testId={refreshTestId} />}
              {toolbarEnd}
            </div>
          )}
        </div>
      )}
      {notices}
      <QueryTable
        region={props.region}
        query={query}
        testId={props.testId}
        isEmpty={props.isEmpty}
        empty={props.empty}
        headers={props.headers}
        compact={props.compact}
      >
        {props.children}
      </QueryTable>
      {paging && (
        <Pagination
          page={paging.page}
          pageSize={PAGE_SIZE}
          total={paging.total}
          onPage={paging.onPage}
          disabled={query.isFetching}
        />
      )}
    </>
  );
}
