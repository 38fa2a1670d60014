import { ErrorAlert, SuccessAlert } from './Alert.tsx';
import type { ReviewDecision } from './useReviewDecision.ts';

/** What came of the last decision: its notice, or why it failed. */
export function DecisionNotice({ review }: { review: ReviewDecision }) {
  return (
    <>
      {review.notice && <SuccessAlert onDismiss={review.dismissNotice}>{review.notice}</SuccessAlert>}
      {review.error !== null && <ErrorAlert error={review.error} />}
    </>
  );
}
