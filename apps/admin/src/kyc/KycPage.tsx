import { texts } from '../texts.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { DecidedCell, OpenCell, QueueLeadCells } from '../ui/QueueCells.tsx';
import { StatusSelect } from '../ui/StatusSelect.tsx';
import { useStatusQueue } from '../ui/useStatusQueue.ts';
import { type ApplicationStatus, kycApi, kycKeys } from './kycApi.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { kycTexts } from './texts.ts';

const t = kycTexts.kyc;
/** The default is the first, under review; "All" lists every status (under review first). */
const STATUSES: readonly [ApplicationStatus, ...ApplicationStatus[]] = ['reviewing', 'verified', 'rejected'];

/** The queue of identity verification applications; each opens on its own page to be decided. */
export function KycPage() {
  const { chosen, setStatus, list, items, paging } = useStatusQueue(
    STATUSES,
    kycKeys.list,
    kycApi.applications,
  );

  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      filters={
        <StatusSelect
          label={t.statusLabel}
          statuses={STATUSES}
          labels={t.statuses}
          value={chosen}
          onChange={setStatus}
          testId="kyc-status"
        />
      }
      refreshTestId="kyc-refresh"
      query={list}
      testId="kyc-table"
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.id,
        t.columns.submitted,
        t.columns.user,
        t.columns.account,
        t.columns.level,
        t.columns.realName,
        t.columns.status,
        t.columns.decided,
        { label: t.columns.actions, className: 'col-actions' },
      ]}
      paging={paging}
    >
      {items.map((a) => (
        <tr key={a.id} data-testid={`kyc-row-${a.id}`} data-user={a.userId}>
          <QueueLeadCells id={a.id} at={a.submittedAt} user={a.userId} account={a.account} />
          <td>{t.levels[a.level]}</td>
          <td>{a.realName ?? texts.common.none}</td>
          <td>
            <StatusBadge status={a.status} />
          </td>
          <DecidedCell at={a.decidedAt} />
          <OpenCell to={`/kyc/${a.id}`} label={t.open} testId={`kyc-open-${a.id}`} />
        </tr>
      ))}
    </ListPage>
  );
}
