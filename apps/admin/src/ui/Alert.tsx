import type { ReactNode } from 'react';
import { errorMessage } from '../api/client.ts';
import { texts } from '../texts.ts';

export function ErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="alert alert-error" role="alert">
      <span>{errorMessage(error)}</span>
      {onRetry && (
        <button type="button" className="btn btn-small" onClick={onRetry}>
          {texts.common.retry}
        </button>
      )}
    </div>
  );
}

export function SuccessAlert({ children, onDismiss }: { children: ReactNode; onDismiss?: () => void }) {
  return (
    <div className="alert alert-success" role="status">
      <span>{children}</span>
      {onDismiss && (
        <button type="button" className="btn-link" onClick={onDismiss} aria-label="Dismiss">
          ×
        </button>
      )}
    </div>
  );
}

/** A table body row that spans every column (loading, empty, error). */
export function TableMessage({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr className="table-message">
      <td colSpan={colSpan}>{children}</td>
    </tr>
  );
}
