import type { ReactNode } from 'react';
import { texts } from '../texts.ts';
import { TableMessage } from './Alert.tsx';

interface QueryTableProps {
  /** The listing's query: loading, loaded, or showing the previous page while the next loads. */
  query: { isPending: boolean; isSuccess: boolean; isPlaceholderData: boolean };
  testId: string;
  /** The header cells, and how many columns they make. */
  head: ReactNode;
  columns: number;
  /** Whether the loaded listing has no rows, and what to say then. */
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}

/** A listing's table: its header, a loading or an empty row, its rows; dimmed while a newer page loads. */
export function QueryTable({ query, testId, head, columns, isEmpty, empty, children }: QueryTableProps) {
  return (
    <div className={`table-wrap ${query.isPlaceholderData ? 'is-stale' : ''}`}>
      <table className="table" data-testid={testId}>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>
          {query.isPending && <TableMessage colSpan={columns}>{texts.common.loading}</TableMessage>}
          {query.isSuccess && isEmpty && <TableMessage colSpan={columns}>{empty}</TableMessage>}
          {children}
        </tbody>
      </table>
    </div>
  );
}
