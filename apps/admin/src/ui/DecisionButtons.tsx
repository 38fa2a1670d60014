import type { Decision } from './useReviewDecision.ts';

/** Approve and reject, side by side, for a record still under review. */
export function DecisionButtons({
  texts,
  onAsk,
  testIdPrefix,
}: {
  texts: { approve: string; reject: string };
  onAsk: (decision: Decision) => void;
  /** The page's test ids: `<prefix>-approve`, `<prefix>-reject`. */
  testIdPrefix: string;
}) {
  return (
    <div className="row-actions section">
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => onAsk('approve')}
        data-testid={`${testIdPrefix}-approve`}
      >
        {texts.approve}
      </button>
      <button
        type="button"
        className="btn btn-danger-outline"
        onClick={() => onAsk('reject')}
        data-testid={`${testIdPrefix}-reject`}
      >
        {texts.reject}
      </button>
    </div>
  );
}
