import { WITHDRAWAL_STATUSES } from '@otc/protocol/cashier/withdrawal/rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PAGE_SIZE } from '../../api/admin.ts';
import { texts } from '../../texts.ts';
import { formatTime, formatUsdt } from '../../ui/format.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { StatusSelect } from '../../ui/StatusSelect.tsx';
import { ALL_STATUSES, useStatusFilter } from '../../ui/useStatusFilter.ts';
import { BADGE, withdrawalKeys, withdrawalsApi } from './withdrawalsApi.ts';

const t = texts.withdrawals;

/** Every withdrawal, those waiting for an operator or for funds first; each opens to be decided. */
export function WithdrawalsPage() {
  // Every status by default: the queue sorts what waits for an operator first.
  const { page, setPage, status: chosen, setStatus } = useStatusFilter(WITHDRAWAL_STATUSES, ALL_STATUSES);
  const status = chosen === ALL_STATUSES ? undefined : chosen;
  const list = useQuery({
    queryKey: [...withdrawalKeys.list, { status, page }],
    queryFn: ({ signal }) => withdrawalsApi.list({ status, page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];

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
      paging={{ page, total: list.data?.total ?? 0, onPage: setPage }}
    >
      {items.map((w) => (
        <tr key={w.id} data-testid={`withdrawal-row-${w.id}`} data-user={w.userId}>
          <td className="mono">{w.id}</td>
          <td className="nowrap" title={w.createdAt}>
            {formatTime(w.createdAt)}
          </td>
          <td className="mono">{w.userId}</td>
          <td className="break-all">{w.account ?? texts.common.none}</td>
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
          <td className="col-actions">
            <Link
              to={`/withdrawals/${w.id}`}
              className="btn btn-small"
              data-testid={`withdrawal-open-${w.id}`}
            >
              {t.open}
            </Link>
          </td>
        </tr>
      ))}
    </ListPage>
  );
}
