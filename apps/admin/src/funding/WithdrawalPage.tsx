import { withdrawalAdminEndpoints } from '@otc/protocol/funding/withdrawals-endpoints';
import type { AdminWithdrawal } from '@otc/protocol/funding/withdrawals-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { queryKeys } from '../api/admin.ts';
import { useCan } from '../api/can.ts';
import { useSession } from '../api/session.tsx';
import { texts } from '../texts.ts';
import { ErrorAlert, SuccessAlert } from '../ui/Alert.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { formatTime } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { BADGE, withdrawalKeys, withdrawalsApi } from './withdrawalsApi.ts';

const t = texts.withdrawals;

/** One withdrawal: where it goes, its amounts, its decisions and, under review, approve or reject. */
export function WithdrawalPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const can = useCan();
  const me = useSession().me.data;
  const mayDecide = can(withdrawalAdminEndpoints.approve) && can(withdrawalAdminEndpoints.reject);
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const withdrawal = useQuery({
    queryKey: withdrawalKeys.withdrawal(id),
    queryFn: ({ signal }) => withdrawalsApi.one(id, signal),
  });
  const decide = useMutation({
    mutationFn: (approve: boolean) =>
      approve ? withdrawalsApi.approve(id) : withdrawalsApi.reject(id, reason),
    onSuccess: (decided) => {
      queryClient.setQueryData(withdrawalKeys.withdrawal(id), decided);
      setNotice(decided.status === 'rejected' ? t.rejectedNotice(id) : t.approvedNotice(id));
      setAsking(null);
      void queryClient.invalidateQueries({ queryKey: withdrawalKeys.list });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
    },
    onError: () => {
      setAsking(null);
      void queryClient.invalidateQueries({ queryKey: withdrawalKeys.withdrawal(id) });
    },
  });
  const ask = (what: 'approve' | 'reject') => {
    setNotice(null);
    decide.reset();
    setReason('');
    setReasonError(null);
    setAsking(what);
  };
  const confirm = () => {
    if (asking === 'reject' && !reason.trim()) {
      setReasonError(t.reasonRequired);
      return;
    }
    decide.mutate(asking === 'approve');
  };

  const w = withdrawal.data;
  const approvedByMe =
    !!w && !!me && w.decisions.some((d) => d.decision === 'approve' && d.operator === me.email);
  return (
    <section className="page">
      <Link to="/withdrawals" className="back-link">
        {t.back}
      </Link>
      <PageHeader title={t.detailTitle(id)} subtitle={w ? (w.account ?? w.userId) : ''}>
        {w && (
          <span className={`badge badge-${BADGE[w.status]}`} data-testid="withdrawal-status">
            {t.statuses[w.status]}
          </span>
        )}
      </PageHeader>
      {withdrawal.isPending && <p className="muted">{texts.common.loading}</p>}
      {withdrawal.isError && <ErrorAlert error={withdrawal.error} onRetry={() => withdrawal.refetch()} />}
      {notice && <SuccessAlert onDismiss={() => setNotice(null)}>{notice}</SuccessAlert>}
      {decide.isError && <ErrorAlert error={decide.error} />}
      {w && (
        <>
          {w.status === 'reviewing' &&
            (!mayDecide ? (
              <p className="muted small section-hint">{t.reviewerOnlyHint}</p>
            ) : approvedByMe ? (
              <p className="muted small section-hint">{t.secondOperatorHint}</p>
            ) : (
              <div className="row-actions section">
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => ask('approve')}
                  data-testid="withdrawal-approve"
                >
                  {t.approve}
                </button>
                <button
                  type="button"
                  className="btn btn-danger-outline"
                  onClick={() => ask('reject')}
                  data-testid="withdrawal-reject"
                >
                  {t.reject}
                </button>
              </div>
            ))}
          <Details w={w} />
        </>
      )}
      {asking && (
        <ConfirmDialog
          title={asking === 'approve' ? t.confirmApproveTitle(id) : t.confirmRejectTitle(id)}
          confirmLabel={asking === 'approve' ? t.approve : t.reject}
          danger={asking === 'reject'}
          busy={decide.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(null)}
        >
          {asking === 'approve' ? (
            <p>{t.confirmApproveBody}</p>
          ) : (
            <label className="field">
              <span>{t.reason}</span>
              <textarea
                name="reason"
                maxLength={200}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setReasonError(null);
                }}
                aria-invalid={reasonError ? true : undefined}
                data-testid="withdrawal-reason"
              />
              {reasonError && (
                <span className="field-error" role="alert">
                  {reasonError}
                </span>
              )}
            </label>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}

function Details({ w }: { w: AdminWithdrawal }) {
  const none = texts.common.none;
  return (
    <dl className="kv section" data-testid="withdrawal-details">
      <dt>{t.columns.chain}</dt>
      <dd className="mono">{w.chainId}</dd>
      <dt>{t.fields.address}</dt>
      <dd className="mono break-all">{w.address}</dd>
      <dt>{t.fields.amount}</dt>
      <dd className="mono">
        {w.amount} {w.asset}
      </dd>
      <dt>{t.fields.fee}</dt>
      <dd className="mono">
        {w.fee} {w.asset}
      </dd>
      <dt>{t.fields.received}</dt>
      <dd className="mono">
        {w.received} {w.asset}
      </dd>
      <dt>{t.fields.approvals}</dt>
      <dd className="mono">
        {w.approvals}/{w.approvalsNeeded}
      </dd>
      <dt>{t.fields.nonce}</dt>
      <dd className="mono">{w.nonce ?? none}</dd>
      <dt>{t.fields.txHash}</dt>
      <dd className="mono break-all" data-testid="withdrawal-tx">
        {w.txHash ?? none}
      </dd>
      {w.reason !== null && (
        <>
          <dt>{t.fields.reason}</dt>
          <dd className="pre-wrap">{w.reason}</dd>
        </>
      )}
      <dt>{t.fields.decisions}</dt>
      <dd>
        {w.decisions.length === 0
          ? none
          : w.decisions.map((d) => (
              <div key={`${d.operator}-${d.at}`}>
                {d.decision === 'approve' ? t.approve : t.reject} · {d.operator} · {formatTime(d.at)}
              </div>
            ))}
      </dd>
    </dl>
  );
}
