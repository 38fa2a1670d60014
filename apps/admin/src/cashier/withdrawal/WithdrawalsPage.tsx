import { WITHDRAWAL_STATUSES } from '@otc/protocol/cashier/withdrawal/rules';
import { formatUsdt } from '../../ui/format.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { OpenCell, QueueLeadCells } from '../../ui/QueueCells.tsx';
import { StatusSelect } from '../../ui/StatusSelect.tsx';
import { ALL_STATUSES } from '../../ui/useStatusFilter.ts';
import { useStatusQueue } from '../../ui/useStatusQueue.ts';
import { cashierTexts } from '../texts.ts';
import { BADGE, withdrawalKeys, withdrawalsApi } from './withdrawalsApi.ts';

const t = cashierTexts.withdrawals;

/** Every withdrawal, those waiting for an operator or for funds first; each opens to be decided. */
export function WithdrawalsPage() {
  // Every status by default: the queue sorts what waits for an operator first.
  const { chosen, setStatus, list, items, paging } = useStatusQueue(
    WITHDRAWAL_STATUSES,
    withdrawalKeys.list,
    withdrawalsApi.list,
    ALL_STATUSES,
  );

  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      filters={
        <StatusSelect
          label={t.statusLabel}
          statuses={WITHDRAWAL_STATUSES}
          labels={t.statuses}
          value={chosen}
          onChange={setStatus}
          testId="withdrawals-status"
          allFirst
        />
      }
      refreshTestId="withdrawals-refresh"
      query={list}
      testId="withdrawals-table"
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.id,
        t.columns.created,
        t.columns.user,
        t.columns.account,
        t.columns.chain,
        t.columns.amount,
        t.columns.approvals,
        t.columns.status,
        { label: t.columns.actions, className: 'col-actions' },
      ]}
      paging={paging}
    >
      {items.map((w) => (
        <tr key={w.id} data-testid={`withdrawal-row-${w.id}`} data-user={w.userId}>
          <QueueLeadCells id={w.id} at={w.createdAt} user={w.userId} account={w.account} />
          <td className="mono">{w.chainId}</td>
          <td className="mono nowrap">
            {formatUsdt(w.amount)} {w.asset}
          </td>
          <td className="mono">
            {w.approvals}/{w.approvalsNeeded}
          </td>
          <td>
            <span className={`badge badge-${BADGE[w.status]}`} data-testid="withdrawal-status">
              {t.statuses[w.status]}
            </span>
          </td>
          <OpenCell to={`/withdrawals/${w.id}`} label={t.open} testId={`withdrawal-open-${w.id}`} />
        </tr>
      ))}
    </ListPage>
  );
}
