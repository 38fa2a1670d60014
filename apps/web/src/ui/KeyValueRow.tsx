import type { ReactNode } from 'react';
import './key-value-row.css';

/** A label and its value on one line. */
export function KeyValueRow({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="kv-row">
      <span className="kv-label">{label}</span>
      <span className="kv-value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}
