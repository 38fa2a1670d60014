import type { UseQueryResult } from '@tanstack/react-query';
import { texts } from '../texts.ts';
import { formatClock } from './format.ts';

interface RefreshButtonProps {
  query: Pick<UseQueryResult, 'dataUpdatedAt' | 'isFetching'> & { refetch: () => Promise<unknown> };
  testId: string;
}

/** "Updated hh:mm:ss" plus a Refresh button for one query. */
export function RefreshButton({ query, testId }: RefreshButtonProps) {
  return (
    <>
      {query.dataUpdatedAt > 0 && (
        <span className="muted small">{texts.common.updatedAt(formatClock(query.dataUpdatedAt))}</span>
      )}
      <button
        type="button"
        className="btn"
        onClick={() => void query.refetch()}
        disabled={query.isFetching}
        data-testid={testId}
      >
        {query.isFetching ? texts.common.loading : texts.common.refresh}
      </button>
    </>
  );
}
