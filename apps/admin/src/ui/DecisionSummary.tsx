import type { ReactNode } from 'react';
import { texts as common } from '../texts.ts';
import { formatTime } from './format.ts';

/** A decided record: its outcome and when, who decided, and the reason given if any. */
export function DecisionSummary({
  badge,
  decidedAt,
  decidedBy,
  reason,
  texts,
  testIdPrefix,
}: {
  /** The record's status badge: the outcome. */
  badge: ReactNode;
  decidedAt: string | null;
  decidedBy: string | null;
  reason: string | null;
  texts: { decision: string; decidedBy: string; reason: string };
  /** The page's test ids: `<prefix>-decision`, `<prefix>-decided-reason`. */
  testIdPrefix: string;
}) {
  return (
    <dl className="kv" data-testid={`${testIdPrefix}-decision`}>
      <dt>{texts.decision}</dt>
      <dd>
        {badge} {decidedAt && formatTime(decidedAt)}
      </dd>
      <dt>{texts.decidedBy}</dt>
      <dd>{decidedBy ?? common.common.none}</dd>
      {reason !== null && (
        <>
          <dt>{texts.reason}</dt>
          {/* The reason is text, whatever it holds: React escapes it. */}
          <dd className="pre-wrap" data-testid={`${testIdPrefix}-decided-reason`}>
            {reason}
          </dd>
        </>
      )}
    </dl>
  );
}
