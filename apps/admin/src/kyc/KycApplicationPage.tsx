import { kycAdminEndpoints } from '@otc/protocol/kyc/endpoints';
import { KYC_REASON_MAX } from '@otc/protocol/kyc/rules';
import type { KycApplication } from '@otc/protocol/kyc/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useCan } from '../api/can.ts';
import { texts } from '../texts.ts';
import { ErrorAlert } from '../ui/Alert.tsx';
import { DecisionButtons } from '../ui/DecisionButtons.tsx';
import { DecisionDialog } from '../ui/DecisionDialog.tsx';
import { DecisionNotice } from '../ui/DecisionNotice.tsx';
import { DecisionSummary } from '../ui/DecisionSummary.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { type Decision, useReviewDecision } from '../ui/useReviewDecision.ts';
import { DocumentPhoto } from './DocumentPhoto.tsx';
import { kycApi, kycKeys } from './kycApi.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { kycTexts } from './texts.ts';
import './kyc.css';

const t = kycTexts.kyc;
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
  const can = useCan();
  const mayDecide = can(kycAdminEndpoints.approve) && can(kycAdminEndpoints.reject);
  const application = useQuery({
    queryKey: kycKeys.application(id),
    queryFn: ({ signal }) => kycApi.application(id, signal),
  });
  const review = useReviewDecision({
    recordKey: kycKeys.application(id),
    listKey: kycKeys.list,
    approve: () => kycApi.approve(id),
    reject: (reason) => kycApi.reject(id, reason),
    noticeOf: (decided) => (decided.status === 'verified' ? t.approvedNotice(id) : t.rejectedNotice(id)),
    reasonRequired: t.reasonRequired,
  });

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
      <DecisionNotice review={review} />

      {a && (
        <>
          <DecisionBar application={a} mayDecide={mayDecide} onAsk={review.ask} />
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

      <DecisionDialog
        review={review}
        id={id}
        texts={t}
        approveBody={<p>{t.confirmApproveBody}</p>}
        reasonMax={KYC_REASON_MAX}
        reasonHint={t.rejectHint}
        testIdPrefix="kyc"
      />
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
  onAsk: (decision: Decision) => void;
}) {
  if (a.status !== 'reviewing') {
    return (
      <DecisionSummary
        badge={<StatusBadge status={a.status} />}
        decidedAt={a.decidedAt}
        decidedBy={a.decidedBy}
        reason={a.reason}
        texts={t}
        testIdPrefix="kyc"
      />
    );
  }
  if (!mayDecide) return <p className="muted small section-hint">{t.reviewerOnlyHint}</p>;
  return <DecisionButtons texts={t} onAsk={onAsk} testIdPrefix="kyc" />;
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
