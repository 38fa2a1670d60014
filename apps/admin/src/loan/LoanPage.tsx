import { loanAdminEndpoints as admin } from '@otc/protocol/loan/endpoints';
import type { AdminLoan, AdminLoanDetail } from '@otc/protocol/loan/schemas';
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
import { LoanCertificationView } from './LoanCertificationView.tsx';
import { LoanFigures } from './LoanFigures.tsx';
import { LoanStatusBadge } from './LoanStatusBadge.tsx';
import { loanApi, loanKeys } from './loanApi.ts';
import { loanTexts } from './texts.ts';
import './loan.css';

const t = loanTexts.loan.detail;
/** The longest reason the server takes (adminLoanDecideBody). */
const REASON_MAX = 500;

/**
 * One loan for review: the approvals it needs and has, its figures, the borrower's certification
 * with every document side by side, and the decision (admins and reviewers). Above the four-eyes
 * threshold a first approval waits for a second operator's; the same operator twice is refused by
 * the server, whose translated message shows here.
 */
export function LoanPage() {
  const { id = '' } = useParams();
  const can = useCan();
  const mayDecide = can(admin.decide);
  const detail = useQuery({
    queryKey: loanKeys.detail(id),
    queryFn: ({ signal }) => loanApi.detail(id, signal),
  });
  // The decision answers the loan without the certification: the page keeps the one it read.
  const withCertification = (decided: AdminLoan): AdminLoanDetail => ({
    ...decided,
    certification: detail.data?.certification ?? null,
    kycAdvanced: detail.data?.kycAdvanced ?? false,
  });
  const review = useReviewDecision<AdminLoanDetail>({
    recordKey: loanKeys.detail(id),
    listKey: loanKeys.list,
    approve: async () => withCertification(await loanApi.approve(id)),
    reject: async (reason) => withCertification(await loanApi.reject(id, reason)),
    noticeOf: (decided) =>
      decided.status === 'active'
        ? t.approvedNotice(id)
        : decided.status === 'pending'
          ? t.firstApprovalNotice(id)
          : t.rejectedNotice(id),
    reasonRequired: t.reasonRequired,
  });
  const loan = detail.data;

  return (
    <section className="page">
      <Link to="/loans" className="back-link">
        {t.back}
      </Link>
      <PageHeader
        title={t.title(id)}
        subtitle={
          loan
            ? `${loan.productName} · ${loan.account ?? loan.userId} · ${loanTexts.loan.realms[loan.realm]}`
            : ''
        }
      >
        {loan && <LoanStatusBadge status={loan.status} />}
      </PageHeader>
      {detail.isPending && <p className="muted">{texts.common.loading}</p>}
      {detail.isError && <ErrorAlert error={detail.error} onRetry={() => detail.refetch()} />}
      <DecisionNotice review={review} />

      {loan && (
        <>
          <DecisionBar loan={loan} mayDecide={mayDecide} onAsk={review.ask} />
          <div className="loan-columns">
            <div className="section">
              <h2 className="subheading">{t.figures}</h2>
              <p className="muted small section-hint">{t.figuresHint}</p>
              <LoanFigures loan={loan} />
            </div>
            <Approvals loan={loan} />
          </div>
          <LoanCertificationView loan={loan} />
        </>
      )}

      <DecisionDialog
        review={review}
        id={id}
        texts={t}
        approveBody={<p>{t.confirmApproveBody}</p>}
        reasonMax={REASON_MAX}
        reasonHint={t.rejectHint}
        testIdPrefix="loan"
      />
    </section>
  );
}

function DecisionBar({
  loan,
  mayDecide,
  onAsk,
}: {
  loan: AdminLoanDetail;
  mayDecide: boolean;
  onAsk: (decision: Decision) => void;
}) {
  if (loan.status !== 'pending') {
    return (
      <DecisionSummary
        badge={<LoanStatusBadge status={loan.status} />}
        decidedAt={loan.approvedAt ?? loan.closedAt}
        decidedBy={loan.approvedBy.length > 0 ? loan.approvedBy.join(', ') : null}
        reason={loan.reason}
        texts={t}
        testIdPrefix="loan"
      />
    );
  }
  if (!mayDecide) return <p className="muted small section-hint">{t.reviewerOnlyHint}</p>;
  return <DecisionButtons texts={t} onAsk={onAsk} testIdPrefix="loan" />;
}

function Approvals({ loan }: { loan: AdminLoanDetail }) {
  return (
    <div className="section" data-testid="loan-approvals">
      <h2 className="subheading">{t.approvalsTitle}</h2>
      {loan.approvalsNeeded > 1 && <p className="muted small section-hint">{t.fourEyes}</p>}
      <dl className="kv loan-kv">
        <dt>{t.approvalsNeeded}</dt>
        <dd data-testid="loan-approvals-needed">{loan.approvalsNeeded}</dd>
        <dt>{t.approvalsHad}</dt>
        <dd data-testid="loan-approvals-had">{loan.approvals}</dd>
        <dt>{t.approvedBy}</dt>
        <dd className="break-all">{loan.approvedBy.length > 0 ? loan.approvedBy.join(', ') : t.nobody}</dd>
      </dl>
    </div>
  );
}
