import { bankDepositAdminEndpoints } from '@otc/protocol/cashier/bank/endpoints';
import { BANK_REASON_MAX } from '@otc/protocol/cashier/bank/rules';
import type { BankAccount, BankDepositReview } from '@otc/protocol/cashier/bank/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useCan } from '../../api/can.ts';
import { texts } from '../../texts.ts';
import { ErrorAlert } from '../../ui/Alert.tsx';
import { DecisionButtons } from '../../ui/DecisionButtons.tsx';
import { DecisionDialog } from '../../ui/DecisionDialog.tsx';
import { DecisionNotice } from '../../ui/DecisionNotice.tsx';
import { DecisionSummary } from '../../ui/DecisionSummary.tsx';
import { formatTime, formatUsdt } from '../../ui/format.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { type Decision, useReviewDecision } from '../../ui/useReviewDecision.ts';
import { cashierTexts } from '../texts.ts';
import { BankStatusBadge } from './BankStatusBadge.tsx';
import { bankApi, bankKeys } from './bankApi.ts';
import { PaymentProof } from './PaymentProof.tsx';
import './bank.css';

const t = cashierTexts.bank;

/** One bank deposit: the proof beside the amount, reference and account paid to, and the decision. */
export function BankDepositPage() {
  const { id = '' } = useParams();
  const can = useCan();
  const mayDecide = can(bankDepositAdminEndpoints.approve) && can(bankDepositAdminEndpoints.reject);
  const deposit = useQuery({
    queryKey: bankKeys.deposit(id),
    queryFn: ({ signal }) => bankApi.deposit(id, signal),
  });
  const review = useReviewDecision({
    recordKey: bankKeys.deposit(id),
    listKey: bankKeys.list,
    approve: () => bankApi.approve(id),
    reject: (reason) => bankApi.reject(id, reason),
    noticeOf: (decided) => (decided.status === 'approved' ? t.approvedNotice(id) : t.rejectedNotice(id)),
    reasonRequired: t.reasonRequired,
  });

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
      <DecisionNotice review={review} />

      {d && (
        <>
          <DecisionBar deposit={d} mayDecide={mayDecide} onAsk={review.ask} />
          <div className="bank-review section">
            <PaymentProof id={d.proof} />
            <div>
              <h2 className="subheading">{t.details}</h2>
              <dl className="kv">
                <dt>{t.amount}</dt>
                <dd className="mono" data-testid="bank-amount">
                  {formatUsdt(d.amount)} {d.asset}
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

      {d && (
        <DecisionDialog
          review={review}
          id={id}
          texts={t}
          approveBody={<p>{t.confirmApproveBody(`${formatUsdt(d.amount)} ${d.asset}`)}</p>}
          reasonMax={BANK_REASON_MAX}
          reasonHint={t.rejectHint}
          testIdPrefix="bank"
        />
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
  onAsk: (decision: Decision) => void;
}) {
  if (d.status !== 'pending') {
    return (
      <DecisionSummary
        badge={<BankStatusBadge status={d.status} />}
        decidedAt={d.decidedAt}
        decidedBy={d.decidedBy}
        reason={d.reason}
        texts={t}
        testIdPrefix="bank"
      />
    );
  }
  if (!mayDecide) return <p className="muted small section-hint">{t.reviewerOnlyHint}</p>;
  return <DecisionButtons texts={t} onAsk={onAsk} testIdPrefix="bank" />;
}
