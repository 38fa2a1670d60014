import type { ReactNode } from 'react';
import { texts } from '../texts.ts';
import { ErrorAlert, TableMessage } from './Alert.tsx';

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
  /**
   * For a table wider than the page: its name. The wrap that scrolls it sideways becomes a named,
   * focusable region, so a keyboard can scroll it too (axe: scrollable-region-focusable).
   */
  region?: string;
}

/**
 * A listing's table: its error with a retry, its header, a loading or an empty row, its rows; dimmed
 * while a newer page loads.
 */
export function QueryTable({ query, testId, headers, isEmpty, empty, children, region }: QueryTableProps) {
  const columns = headers.length;
  return (
    <>
      {query.isError && <ErrorAlert error={query.error} onRetry={() => query.refetch()} />}
      <div
        className={`table-wrap ${query.isPlaceholderData ? 'is-stale' : ''}`}
        aria-busy={query.isPlaceholderData}
        {...(region ? { role: 'region', 'aria-label': region, tabIndex: 0 } : {})}
      >
        <table className="table" data-testid={testId}>
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
      </div>
    </>
  );
}
