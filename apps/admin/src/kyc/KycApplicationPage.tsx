import { kycAdminEndpoints } from '@otc/protocol/kyc/endpoints';
import type { KycApplication } from '@otc/protocol/kyc/schemas';
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
import { DocumentPhoto } from './DocumentPhoto.tsx';
import { kycApi, kycKeys } from './kycApi.ts';
import { StatusBadge } from './StatusBadge.tsx';
import './kyc.css';

const t = texts.kyc;
const BASIC_ORDER = [
  'nationality',
  'realName',
  'firstName',
  'lastName',
  'documentType',
  'documentNumber',
] as const;

/** One application: the two photos side by side, every field, and the decision (admins and reviewers). */
export function KycApplicationPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const can = useCan();
  const mayDecide = can(kycAdminEndpoints.approve) && can(kycAdminEndpoints.reject);
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const application = useQuery({
    queryKey: kycKeys.application(id),
    queryFn: ({ signal }) => kycApi.application(id, signal),
  });

  const decide = useMutation({
    mutationFn: (approve: boolean) => (approve ? kycApi.approve(id) : kycApi.reject(id, reason)),
    onSuccess: (decided) => {
      queryClient.setQueryData(kycKeys.application(id), decided);
      setNotice(decided.status === 'verified' ? t.approvedNotice(id) : t.rejectedNotice(id));
      setAsking(null);
      void queryClient.invalidateQueries({ queryKey: kycKeys.list });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
    },
    onError: () => {
      setAsking(null);
      // Someone else may have decided meanwhile: show it as it is now.
      void queryClient.invalidateQueries({ queryKey: kycKeys.application(id) });
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

  const a = application.data;
  return (
    <section className="page">
      <Link to="/kyc" className="back-link">
        {t.back}
      </Link>
      <PageHeader
        title={t.applicationTitle(id)}
        subtitle={a ? `${t.levels[a.level]} · ${a.account ?? a.userId}` : ''}
      >
        {a && <StatusBadge status={a.status} />}
      </PageHeader>
      {application.isPending && <p className="muted">{texts.common.loading}</p>}
      {application.isError && <ErrorAlert error={application.error} onRetry={() => application.refetch()} />}
      {notice && <SuccessAlert onDismiss={() => setNotice(null)}>{notice}</SuccessAlert>}
      {decide.isError && <ErrorAlert error={decide.error} />}

      {a && (
        <>
          <DecisionBar application={a} mayDecide={mayDecide} onAsk={ask} />
          {a.basic && (
            <div className="section">
              <h2 className="subheading">{a.level === 'basic' ? t.photos : t.basicOfAdvanced}</h2>
              <div className="kyc-photos">
                <DocumentPhoto id={a.basic.frontImage} label={t.front} testId="kyc-front" />
                <DocumentPhoto id={a.basic.backImage} label={t.back_} testId="kyc-back" />
              </div>
              <Fields
                title={t.basicFields}
                values={BASIC_ORDER.map((k) => [
                  k,
                  k === 'documentType'
                    ? (t.documentTypes[a.basic?.documentType ?? ''] ?? '')
                    : k === 'nationality'
                      ? countryName(a.basic?.nationality ?? '')
                      : String(a.basic?.[k] ?? ''),
                ])}
              />
            </div>
          )}
          {a.advanced && (
            <div className="section">
              <Fields
                title={t.advancedFields}
                values={Object.entries(a.advanced).map(([k, v]) => [k, String(v)])}
              />
            </div>
          )}
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
                className="kyc-reason"
                name="reason"
                maxLength={500}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setReasonError(null);
                }}
                aria-invalid={reasonError ? true : undefined}
                data-testid="kyc-reason"
              />
              <span className="muted small">{t.rejectHint}</span>
              {reasonError && (
                <span className="field-error" role="alert" data-testid="kyc-reason-error">
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

function DecisionBar({
  application: a,
  mayDecide,
  onAsk,
}: {
  application: KycApplication;
  mayDecide: boolean;
  onAsk: (what: 'approve' | 'reject') => void;
}) {
  if (a.status !== 'reviewing') {
    return (
      <dl className="kv" data-testid="kyc-decision">
        <dt>{t.decision}</dt>
        <dd>
          <StatusBadge status={a.status} /> {a.decidedAt && formatTime(a.decidedAt)}
        </dd>
        <dt>{t.decidedBy}</dt>
        <dd>{a.decidedBy ?? texts.common.none}</dd>
        {a.reason !== null && (
          <>
            <dt>{t.reason}</dt>
            {/* The reason is text, whatever it holds: React escapes it. */}
            <dd className="pre-wrap" data-testid="kyc-decided-reason">
              {a.reason}
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
        data-testid="kyc-approve"
      >
        {t.approve}
      </button>
      <button
        type="button"
        className="btn btn-danger-outline"
        onClick={() => onAsk('reject')}
        data-testid="kyc-reject"
      >
        {t.reject}
      </button>
    </div>
  );
}

const regions = new Intl.DisplayNames(['en'], { type: 'region' });
/** "DE (Germany)": the code as stored and the country's name. */
const countryName = (code: string) => `${code} (${regions.of(code) ?? code})`;

function Fields({ title, values }: { title: string; values: [string, string][] }) {
  return (
    <>
      <h2 className="subheading">{title}</h2>
      <dl className="kv">
        {values.map(([key, value]) => (
          <div key={key} style={{ display: 'contents' }}>
            <dt>{t.fields[key] ?? key}</dt>
            <dd className="pre-wrap" data-testid={`kyc-field-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
