import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../api/admin.ts';

/** What an operator is about to do with a record under review. */
export type Decision = 'approve' | 'reject';

interface ReviewDecisionOptions<T> {
  /** The record's own query: the decided record replaces it, or is refetched after a failure. */
  recordKey: QueryKey;
  /** The queue the record is listed in: its status (and place) changes with the decision. */
  listKey: QueryKey;
  approve: () => Promise<T>;
  reject: (reason: string) => Promise<T>;
  /** The success notice for the record as decided (an approval may still wait for a second one). */
  noticeOf: (decided: T) => string;
  /** Shown under the reason when a reject is confirmed without one. */
  reasonRequired: string;
}

/**
 * The approve / reject flow of a back-office review page: which decision the operator is asked to
 * confirm, the reject reason and its error, the mutation and the notice after it.
 */
export function useReviewDecision<T>(options: ReviewDecisionOptions<T>) {
  const { recordKey, listKey, approve, reject, noticeOf, reasonRequired } = options;
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Decision | null>(null);
  const [reason, setReasonText] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (decision: Decision) => (decision === 'approve' ? approve() : reject(reason)),
    onSuccess: (decided) => {
      queryClient.setQueryData(recordKey, decided);
      setNotice(noticeOf(decided));
      setAsking(null);
      void queryClient.invalidateQueries({ queryKey: listKey });
      // The decision is audited: the audit log shows it at once.
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
    },
    onError: () => {
      setAsking(null);
      // Someone else may have decided meanwhile: show it as it is now.
      void queryClient.invalidateQueries({ queryKey: recordKey });
    },
  });

  /** Opens the confirmation afresh: no reason, notice or error left from a previous try. */
  const ask = (decision: Decision) => {
    setNotice(null);
    mutation.reset();
    setReasonText('');
    setReasonError(null);
    setAsking(decision);
  };
  const confirm = () => {
    if (asking === null) return;
    // A reject always says why: the user reads the reason.
    if (asking === 'reject' && !reason.trim()) {
      setReasonError(reasonRequired);
      return;
    }
    mutation.mutate(asking);
  };
  const setReason = (text: string) => {
    setReasonText(text);
    setReasonError(null);
  };

  return {
    asking,
    ask,
    cancel: () => setAsking(null),
    confirm,
    reason,
    setReason,
    reasonError,
    notice,
    dismissNotice: () => setNotice(null),
    busy: mutation.isPending,
    /** Why the last decision failed (it is refetched meanwhile), null otherwise. */
    error: mutation.error,
  };
}

export type ReviewDecision = ReturnType<typeof useReviewDecision>;
