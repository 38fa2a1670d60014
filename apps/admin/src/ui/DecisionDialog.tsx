import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import type { ReviewDecision } from './useReviewDecision.ts';

/** The texts a review page gives its decision dialog. */
export interface DecisionDialogTexts {
  approve: string;
  reject: string;
  reason: string;
  confirmApproveTitle: (id: string) => string;
  confirmRejectTitle: (id: string) => string;
}

/**
 * Confirms the decision the operator asked for: an approve says what it does, a reject asks for the
 * reason the user will read. Nothing shows while no decision is asked.
 */
export function DecisionDialog({
  review,
  id,
  texts,
  approveBody,
  reasonMax,
  reasonHint,
  testIdPrefix,
}: {
  review: ReviewDecision;
  id: string;
  texts: DecisionDialogTexts;
  approveBody: ReactNode;
  /** The longest reason the server accepts for this record. */
  reasonMax: number;
  reasonHint?: string;
  /** The page's test ids: `<prefix>-reason`, `<prefix>-reason-error`. */
  testIdPrefix: string;
}) {
  const { asking } = review;
  if (!asking) return null;
  return (
    <ConfirmDialog
      title={asking === 'approve' ? texts.confirmApproveTitle(id) : texts.confirmRejectTitle(id)}
      confirmLabel={asking === 'approve' ? texts.approve : texts.reject}
      danger={asking === 'reject'}
      busy={review.busy}
      onConfirm={review.confirm}
      onCancel={review.cancel}
    >
      {asking === 'approve' ? (
        approveBody
      ) : (
        <label className="field">
          <span>{texts.reason}</span>
          <textarea
            className="decision-reason"
            name="reason"
            maxLength={reasonMax}
            value={review.reason}
            onChange={(e) => review.setReason(e.target.value)}
            aria-invalid={review.reasonError ? true : undefined}
            data-testid={`${testIdPrefix}-reason`}
          />
          {reasonHint && <span className="muted small">{reasonHint}</span>}
          {review.reasonError && (
            <span className="field-error" role="alert" data-testid={`${testIdPrefix}-reason-error`}>
              {review.reasonError}
            </span>
          )}
        </label>
      )}
    </ConfirmDialog>
  );
}
