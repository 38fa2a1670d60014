import { withdrawalAdminEndpoints } from '@otc/protocol/cashier/withdrawal/endpoints';
import { WITHDRAWAL_REASON_MAX } from '@otc/protocol/cashier/withdrawal/rules';
import type { AdminWithdrawal } from '@otc/protocol/cashier/withdrawal/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useCan } from '../../api/can.ts';
import { useSession } from '../../api/session.tsx';
import { texts } from '../../texts.ts';
import { ErrorAlert } from '../../ui/Alert.tsx';
import { DecisionButtons } from '../../ui/DecisionButtons.tsx';
import { DecisionDialog } from '../../ui/DecisionDialog.tsx';
import { DecisionNotice } from '../../ui/DecisionNotice.tsx';
import { formatTime, formatUsdt } from '../../ui/format.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useReviewDecision } from '../../ui/useReviewDecision.ts';
import { cashierTexts } from '../texts.ts';
import { BADGE, withdrawalKeys, withdrawalsApi } from './withdrawalsApi.ts';

const t = cashierTexts.withdrawals;

/** One withdrawal: where it goes, its amounts, its decisions and, under review, approve or reject. */
export function WithdrawalPage() {
  const { id = '' } = useParams();
  const can = useCan();
  const me = useSession().me.data;
  const mayDecide = can(withdrawalAdminEndpoints.approve) && can(withdrawalAdminEndpoints.reject);
  const withdrawal = useQuery({
    queryKey: withdrawalKeys.withdrawal(id),
    queryFn: ({ signal }) => withdrawalsApi.one(id, signal),
  });
  const review = useReviewDecision({
    recordKey: withdrawalKeys.withdrawal(id),
    listKey: withdrawalKeys.list,
    approve: () => withdrawalsApi.approve(id),
    reject: (reason) => withdrawalsApi.reject(id, reason),
    // A first approval leaves it under review for a second operator: still "approved" for this one.
    noticeOf: (decided) => (decided.status === 'rejected' ? t.rejectedNotice(id) : t.approvedNotice(id)),
    reasonRequired: t.reasonRequired,
  });

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
      <DecisionNotice review={review} />
      {w && (
        <>
          {w.status === 'reviewing' &&
            (!mayDecide ? (
              <p className="muted small section-hint">{t.reviewerOnlyHint}</p>
            ) : approvedByMe ? (
              <p className="muted small section-hint">{t.secondOperatorHint}</p>
            ) : (
              <DecisionButtons texts={t} onAsk={review.ask} testIdPrefix="withdrawal" />
            ))}
          <Details w={w} />
        </>
      )}
      <DecisionDialog
        review={review}
        id={id}
        texts={t}
        approveBody={<p>{t.confirmApproveBody}</p>}
        reasonMax={WITHDRAWAL_REASON_MAX}
        testIdPrefix="withdrawal"
      />
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
        {formatUsdt(w.amount)} {w.asset}
      </dd>
      <dt>{t.fields.fee}</dt>
      <dd className="mono">
        {formatUsdt(w.fee)} {w.asset}
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
      {w.failure && (
        <>
          <dt>{cashierTexts.chains.failure}</dt>
          <dd className="pre-wrap" data-testid="withdrawal-failure">
            <strong>{cashierTexts.chains.failures[w.failure.kind] ?? w.failure.kind}</strong>
            <div className="mono small muted break-all">{w.failure.detail}</div>
          </dd>
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
