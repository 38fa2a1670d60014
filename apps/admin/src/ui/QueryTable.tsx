import type { ReactNode } from 'react';
import { texts } from '../texts.ts';
import { ErrorAlert, TableMessage } from './Alert.tsx';
import { TableWrap } from './TableWrap.tsx';

/** A column's header: its label, or its label and the cell class (`num`, `col-actions`). */
export type Header = string | { label: string; className: string };

interface QueryTableProps {
  /** The listing's query: failed (with a retry), loading, loaded, or showing the previous page while the next loads. */
  query: {
    isPending: boolean;
    isSuccess: boolean;
    isPlaceholderData: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  testId: string;
  headers: Header[];
  /** Whether the loaded listing has no rows, and what to say then. */
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
  /** What the table lists: the name of the region that scrolls it (TableWrap). */
  region: string;
  /** Tighter rows, for a listing of many short columns. */
  compact?: boolean;
}

/**
 * A listing's table: its error with a retry, its header, a loading or an empty row, its rows; dimmed
 * while a newer page loads.
 */
export function QueryTable(props: QueryTableProps) {
  const { query, testId, headers, isEmpty, empty, children, region, compact } = props;
  const columns = headers.length;
  return (
    <>
      {query.isError && <ErrorAlert error={query.error} onRetry={() => query.refetch()} />}
      <TableWrap
        label={region}
        className={query.isPlaceholderData ? 'is-stale' : ''}
        busy={query.isPlaceholderData}
      >
        <table className={compact ? 'table table-compact' : 'table'} data-testid={testId}>
          <thead>
            <tr>
              {headers.map((h) =>
                typeof h === 'string' ? (
                  <th key={h}>{h}</th>
                ) : (
                  <th key={h.label} className={h.className}>
                    {h.label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {query.isPending && <TableMessage colSpan={columns}>{texts.common.loading}</TableMessage>}
            {query.isSuccess && isEmpty && <TableMessage colSpan={columns}>{empty}</TableMessage>}
            {children}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
}
