import { ledgerAdminEndpoints } from '@otc/protocol/ledger/endpoints';
import type { Adjustment } from '@otc/protocol/ledger/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type AdjustmentStatus, adminApi, queryKeys } from '../api/admin.ts';
import { useCan } from '../api/can.ts';
import { useSession } from '../api/session.tsx';
import { texts } from '../texts.ts';
import { ErrorAlert } from '../ui/Alert.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { amountClass, formatTime } from '../ui/format.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { QueueLeadCells } from '../ui/QueueCells.tsx';
import { StatusSelect } from '../ui/StatusSelect.tsx';
import { useNotice } from '../ui/useNotice.ts';
import { useStatusQueue } from '../ui/useStatusQueue.ts';
import { ledgerTexts } from './texts.ts';

const t = ledgerTexts.adjustments;
/** The default is the first, pending; "All" lists every status. */
const STATUSES: readonly [AdjustmentStatus, ...AdjustmentStatus[]] = ['pending', 'approved', 'rejected'];

interface PendingDecision {
  adjustment: Adjustment;
  approve: boolean;
}

const accountLabel = (kind: string) => (ledgerTexts.accounts[kind] ?? kind).toLowerCase();

export function AdjustmentsPage() {
  const queryClient = useQueryClient();
  const { me } = useSession();
  const {
    chosen,
    setStatus,
    list: adjustments,
    items,
    paging,
  } = useStatusQueue(STATUSES, queryKeys.adjustments, adminApi.adjustments);
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const notice = useNotice();

  // Operator IDs become emails when the list is readable; the ID is shown otherwise.
  const operators = useQuery({
    queryKey: queryKeys.operators,
    queryFn: ({ signal }) => adminApi.operators(signal),
    staleTime: 60_000,
  });
  const operatorName = (id: string | null) => {
    if (!id) return null;
    return operators.data?.items.find((o) => o.id === id)?.email ?? `#${id}`;
  };

  const decide = useMutation({
    mutationFn: (decision: PendingDecision) =>
      adminApi.decideAdjustment({ id: decision.adjustment.id, approve: decision.approve }),
    onSuccess: (adjustment) => {
      notice.show(
        adjustment.status === 'approved' ? t.approvedNotice(adjustment.id) : t.rejectedNotice(adjustment.id),
      );
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.ledger });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
    },
    onError: () => {
      setPending(null);
      // Someone else may have decided meanwhile: show the list as it is now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.adjustments });
    },
  });

  const ask = (adjustment: Adjustment, approve: boolean) => {
    notice.clear();
    decide.reset();
    setPending({ adjustment, approve });
  };

  const mayDecide = useCan()(ledgerAdminEndpoints.decideAdjustment);

  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      filters={
        <StatusSelect
          label={t.statusLabel}
          statuses={STATUSES}
          labels={ledgerTexts.adjustmentStatuses}
          value={chosen}
          onChange={setStatus}
          testId="adjustments-status"
        />
      }
      refreshTestId="adjustments-refresh"
      rights={{ allowed: mayDecide, hint: t.adminOnlyHint }}
      notice={notice}
      notices={decide.isError && <ErrorAlert error={decide.error} />}
      query={adjustments}
      testId="adjustments-table"
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.id,
        t.columns.created,
        t.columns.user,
        t.columns.account,
        t.columns.asset,
        { label: t.columns.amount, className: 'num' },
        t.columns.reason,
        t.columns.status,
        t.columns.requestedBy,
        t.columns.decided,
        { label: t.columns.actions, className: 'col-actions' },
      ]}
      paging={paging}
      after={
        pending && (
          <ConfirmDialog
            title={
              pending.approve
                ? t.confirmApproveTitle(pending.adjustment.id)
                : t.confirmRejectTitle(pending.adjustment.id)
            }
            confirmLabel={pending.approve ? t.approve : t.reject}
            danger={!pending.approve}
            busy={decide.isPending}
            onConfirm={() => decide.mutate(pending)}
            onCancel={() => setPending(null)}
          >
            <p>
              {t.confirmSummary(
                pending.adjustment.userId,
                pending.adjustment.amount,
                pending.adjustment.asset,
                accountLabel(pending.adjustment.account),
              )}
            </p>
            <p className="muted">{t.confirmReason(pending.adjustment.reason)}</p>
            <p>{pending.approve ? t.confirmApproveBody : t.confirmRejectBody}</p>
          </ConfirmDialog>
        )
      }
    >
      {items.map((a) => (
        <tr key={a.id} data-testid={`adjustment-row-${a.id}`}>
          <QueueLeadCells
            id={a.id}
            at={a.createdAt}
            user={<Link to={`/users/${a.userId}/ledger`}>{a.userId}</Link>}
          />
          <td>{ledgerTexts.accounts[a.account] ?? a.account}</td>
          <td>{a.asset}</td>
          <td className={`num ${amountClass(a.amount)}`}>{a.amount}</td>
          <td className="detail pre-wrap">{a.reason}</td>
          <td>
            <span className={`badge badge-${a.status}`} data-testid="adjustment-status">
              {ledgerTexts.adjustmentStatuses[a.status] ?? a.status}
            </span>
          </td>
          <td className="nowrap">
            {operatorName(a.requestedBy)}
            {a.requestedBy === me.data?.id && <span className="muted"> ({t.you})</span>}
          </td>
          <td className="nowrap">
            {a.decidedAt ? (
              <>
                <div title={a.decidedAt}>{formatTime(a.decidedAt)}</div>
                <div className="muted small">
                  {operatorName(a.decidedBy)}
                  {a.decidedBy === me.data?.id && ` (${t.you})`}
                </div>
              </>
            ) : (
              <span className="muted">{texts.common.none}</span>
            )}
          </td>
          <td className="col-actions">
            {/* Four eyes: the server refuses the requester's own decision, so they are not offered it. */}
            {a.status === 'pending' && mayDecide && a.requestedBy === me.data?.id && (
              <span className="muted small" data-testid={`awaiting-${a.id}`}>
                {t.awaitingOther}
              </span>
            )}
            {a.status === 'pending' && mayDecide && a.requestedBy !== me.data?.id && (
              <div className="row-actions">
                <button
                  type="button"
                  className="btn btn-small btn-primary"
                  onClick={() => ask(a, true)}
                  data-testid={`approve-${a.id}`}
                >
                  {t.approve}
                </button>
                <button
                  type="button"
                  className="btn btn-small btn-danger-outline"
                  onClick={() => ask(a, false)}
                  data-testid={`reject-${a.id}`}
                >
                  {t.reject}
                </button>
              </div>
            )}
          </td>
        </tr>
      ))}
    </ListPage>
  );
}
