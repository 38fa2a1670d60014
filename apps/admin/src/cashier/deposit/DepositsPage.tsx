import { DEPOSIT_STATUSES, type DepositStatus } from '@otc/protocol/cashier/deposit/schemas';
import { useQuery } from '@tanstack/react-query';
import { texts } from '../../texts.ts';
import { formatTime, formatUsdt } from '../../ui/format.ts';
import { ListBody } from '../../ui/ListBody.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryTable } from '../../ui/QueryTable.tsx';
import { QueueLeadCells } from '../../ui/QueueCells.tsx';
import { StatusSelect } from '../../ui/StatusSelect.tsx';
import { ALL_STATUSES } from '../../ui/useStatusFilter.ts';
import { useStatusQueue } from '../../ui/useStatusQueue.ts';
import { cashierTexts } from '../texts.ts';
import { depositKeys, depositsApi } from './depositsApi.ts';

const t = cashierTexts.deposits;
const BADGE: Record<DepositStatus, string> = {
  pending: 'badge-pending',
  credited: 'badge-approved',
  below_minimum: 'badge-disabled',
  dropped: 'badge-rejected',
};

/** Chain deposits for operators: the watcher's state per chain, then every deposit by status. */
export function DepositsPage() {
  // Every status by default: no one status is the operators' to work through.
  const watcher = useQuery({
    queryKey: depositKeys.watcher,
    queryFn: ({ signal }) => depositsApi.watcher(signal),
  });
  const { chosen, setStatus, list, items, paging } = useStatusQueue(
    DEPOSIT_STATUSES,
    depositKeys.list,
    depositsApi.list,
    ALL_STATUSES,
  );
  const chains = watcher.data?.items ?? [];

  return (
    <section className="page">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <div className="section">
        <h2>{t.watcherTitle}</h2>
        <p className="muted small section-hint">{t.watcherHint}</p>
        <QueryTable
          region={t.watcherTitle}
          query={watcher}
          testId="deposit-watcher-table"
          isEmpty={chains.length === 0}
          empty={t.noChains}
          headers={[
            t.columns.chain,
            { label: t.columns.cursor, className: 'num' },
            { label: t.columns.head, className: 'num' },
            { label: t.columns.lag, className: 'num' },
            { label: t.columns.pending, className: 'num' },
            t.columns.scannedAt,
            t.columns.error,
          ]}
        >
          {chains.map((c) => (
            <tr key={c.chainId} data-testid={`deposit-watcher-${c.chainId}`}>
              <td>
                {c.name} <span className="muted small">{c.chainId}</span>
              </td>
              <td className="num mono">{c.cursor ?? texts.common.none}</td>
              <td className="num mono">{c.head ?? texts.common.none}</td>
              <td className="num mono">{c.lag ?? texts.common.none}</td>
              <td className="num">{c.pending}</td>
              <td className="nowrap">{c.scannedAt ? formatTime(c.scannedAt) : texts.common.none}</td>
              <td className="pre-wrap">{c.error ?? texts.common.none}</td>
            </tr>
          ))}
        </QueryTable>
      </div>

      <div className="section">
        <h2>{t.listTitle}</h2>
        <ListBody
          filters={
            <StatusSelect
              label={t.statusLabel}
              statuses={DEPOSIT_STATUSES}
              labels={t.statuses}
              value={chosen}
              onChange={setStatus}
              testId="deposit-status"
              allFirst
            />
          }
          refreshTestId="deposits-refresh"
          region={t.listTitle}
          query={list}
          testId="deposits-table"
          isEmpty={items.length === 0}
          empty={t.empty}
          headers={[
            t.columns.id,
            t.columns.time,
            t.columns.user,
            t.columns.chain,
            t.columns.tx,
            { label: t.columns.amount, className: 'num' },
            t.columns.confirmations,
            t.columns.status,
          ]}
          paging={paging}
        >
          {items.map((d) => (
            <tr key={d.id} data-testid={`deposit-row-${d.id}`}>
              <QueueLeadCells id={d.id} at={d.createdAt} user={d.userId} />
              <td>{d.chainName}</td>
              <td
                className="mono break-all"
                title={`${d.address} · block ${d.blockNumber} · log ${d.logIndex}`}
              >
                {d.txHash}
              </td>
              <td className="num mono">
                {formatUsdt(d.amount)} {d.coin}
              </td>
              <td>
                {d.confirmations}/{d.confirmationsNeeded}
              </td>
              <td>
                <span className={`badge ${BADGE[d.status]}`}>{t.statuses[d.status]}</span>
              </td>
            </tr>
          ))}
        </ListBody>
      </div>
    </section>
  );
}
