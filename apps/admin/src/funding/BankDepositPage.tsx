import { bankDepositAdminEndpoints } from '@otc/protocol/funding/bank-endpoints';
import type { BankAccount, BankDepositReview } from '@otc/protocol/funding/bank-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { queryKeys } from '../api/admin.ts';
import { useCan } from '../api/can.ts';
import { texts } from '../texts.ts';
import { ErrorAlert, SuccessAlert } from '../ui/Alert.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { formatTime } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { BankStatusBadge } from './BankStatusBadge.tsx';
import { bankApi, bankKeys } from './bankApi.ts';
import { PaymentProof } from './PaymentProof.tsx';
import './bank.css';

const t = texts.bank;

/** One bank deposit: the proof beside the amount, reference and account paid to, and the decision. */
export function BankDepositPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const can = useCan();
  const mayDecide = can(bankDepositAdminEndpoints.approve) && can(bankDepositAdminEndpoints.reject);
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const deposit = useQuery({
    queryKey: bankKeys.deposit(id),
    queryFn: ({ signal }) => bankApi.deposit(id, signal),
  });

  const decide = useMutation({
    mutationFn: (approve: boolean) => (approve ? bankApi.approve(id) : bankApi.reject(id, reason)),
    onSuccess: (decided) => {
      queryClient.setQueryData(bankKeys.deposit(id), decided);
      setNotice(decided.status === 'approved' ? t.approvedNotice(id) : t.rejectedNotice(id));
      setAsking(null);
      void queryClient.invalidateQueries({ queryKey: bankKeys.list });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
    },
    onError: () => {
      setAsking(null);
      // Someone else may have decided meanwhile: show it as it is now.
      void queryClient.invalidateQueries({ queryKey: bankKeys.deposit(id) });
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

  const d = deposit.data;
  return (
    <section className="page">
      <Link to="/bank-deposits" className="back-link">
        {t.back}
      </Link>
      <PageHeader title={t.depositTitle(id)} subtitle={d ? (d.account ?? d.userId) : ''}>
        {d && <BankStatusBadge status={d.status} />}
      </PageHeader>
      {deposit.isPending && <p className="muted">{texts.common.loading}</p>}
      {deposit.isError && <ErrorAlert error={deposit.error} onRetry={() => deposit.refetch()} />}
      {notice && <SuccessAlert onDismiss={() => setNotice(null)}>{notice}</SuccessAlert>}
      {decide.isError && <ErrorAlert error={decide.error} />}

      {d && (
        <>
          <DecisionBar deposit={d} mayDecide={mayDecide} onAsk={ask} />
          <div className="bank-review section">
            <PaymentProof id={d.proof} />
            <div>
              <h2 className="subheading">{t.details}</h2>
              <dl className="kv">
                <dt>{t.amount}</dt>
                <dd className="mono" data-testid="bank-amount">
                  {d.amount} {d.asset}
                </dd>
                <dt>{t.reference}</dt>
                <dd className="pre-wrap" data-testid="bank-reference">
                  {d.reference}
                </dd>
                <dt>{t.creditedTo}</dt>
                <dd>{t.fiatAccount}</dd>
                <dt>{t.columns.submitted}</dt>
                <dd>{formatTime(d.submittedAt)}</dd>
              </dl>
              {d.paidTo && <PaidTo account={d.paidTo} />}
            </div>
          </div>
        </>
      )}

      {asking && d && (
        <ConfirmDialog
          title={asking === 'approve' ? t.confirmApproveTitle(id) : t.confirmRejectTitle(id)}
          confirmLabel={asking === 'approve' ? t.approve : t.reject}
          danger={asking === 'reject'}
          busy={decide.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(null)}
        >
          {asking === 'approve' ? (
            <p>{t.confirmApproveBody(`${d.amount} ${d.asset}`)}</p>
          ) : (
            <label className="field">
              <span>{t.reason}</span>
              <textarea
                className="bank-reason"
                name="reason"
                maxLength={500}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setReasonError(null);
                }}
                aria-invalid={reasonError ? true : undefined}
                data-testid="bank-reason"
              />
              <span className="muted small">{t.rejectHint}</span>
              {reasonError && (
                <span className="field-error" role="alert" data-testid="bank-reason-error">
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

function PaidTo({ account }: { account: BankAccount }) {
  const rows = Object.entries(account).filter(([, v]) => v !== null) as [string, string][];
  return (
    <>
      <h2 className="subheading">{t.paidTo}</h2>
      <dl className="kv">
        {rows.map(([key, value]) => (
          <div key={key} style={{ display: 'contents' }}>
            <dt>{t.fields[key] ?? key}</dt>
            <dd className="pre-wrap">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function DecisionBar({
  deposit: d,
  mayDecide,
  onAsk,
}: {
  deposit: BankDepositReview;
  mayDecide: boolean;
  onAsk: (what: 'approve' | 'reject') => void;
}) {
  if (d.status !== 'pending') {
    return (
      <dl className="kv" data-testid="bank-decision">
        <dt>{t.decision}</dt>
        <dd>
          <BankStatusBadge status={d.status} /> {d.decidedAt && formatTime(d.decidedAt)}
        </dd>
        <dt>{t.decidedBy}</dt>
        <dd>{d.decidedBy ?? texts.common.none}</dd>
        {d.reason !== null && (
          <>
            <dt>{t.reason}</dt>
            {/* The reason is text, whatever it holds: React escapes it. */}
            <dd className="pre-wrap" data-testid="bank-decided-reason">
              {d.reason}
            </dd>
          </>
        )}
      </dl>
    );
  }
  if (!mayDecide) return <p className="muted small section-hint">{t.reviewerOnlyHint}</p>;
  return (
    <div className="row-actions section">
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => onAsk('approve')}
        data-testid="bank-approve"
      >
        {t.approve}
      </button>
      <button
        type="button"
        className="btn btn-danger-outline"
        onClick={() => onAsk('reject')}
        data-testid="bank-reject"
      >
        {t.reject}
      </button>
    </div>
  );
}
