import type { BankDepositStatusName } from '@otc/protocol/cashier/bank/schemas';
import { Link } from 'react-router';
import { formatUsdt } from '../../ui/format.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { DecidedCell, OpenCell, QueueLeadCells } from '../../ui/QueueCells.tsx';
import { StatusSelect } from '../../ui/StatusSelect.tsx';
import { useStatusQueue } from '../../ui/useStatusQueue.ts';
import { cashierTexts } from '../texts.ts';
import { BankStatusBadge } from './BankStatusBadge.tsx';
import { bankApi, bankKeys } from './bankApi.ts';

const t = cashierTexts.bank;
/** The default is the first, pending; "All" lists every status (pending first). */
const STATUSES: readonly [BankDepositStatusName, ...BankDepositStatusName[]] = [
  'pending',
  'approved',
  'rejected',
];

/** The queue of bank deposits; each opens on its own page with its proof, to be decided. */
export function BankDepositsPage() {
  const { chosen, setStatus, list, items, paging } = useStatusQueue(
    STATUSES,
    bankKeys.list,
    bankApi.deposits,
  );

  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      actions={
        <Link to="/bank-deposits/account" className="btn btn-small" data-testid="bank-account-link">
          {t.accountLink}
        </Link>
      }
      filters={
        <StatusSelect
          label={t.statusLabel}
          statuses={STATUSES}
          labels={t.statuses}
          value={chosen}
          onChange={setStatus}
          testId="bank-status"
        />
      }
      refreshTestId="bank-refresh"
      query={list}
      testId="bank-table"
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.id,
        t.columns.submitted,
        t.columns.user,
        t.columns.account,
        t.columns.amount,
        t.columns.reference,
        t.columns.status,
        t.columns.decided,
        { label: t.columns.actions, className: 'col-actions' },
      ]}
      paging={paging}
    >
      {items.map((d) => (
        <tr key={d.id} data-testid={`bank-row-${d.id}`} data-user={d.userId}>
          <QueueLeadCells id={d.id} at={d.submittedAt} user={d.userId} account={d.account} />
          <td className="mono nowrap">
            {formatUsdt(d.amount)} {d.asset}
          </td>
          <td className="break-all">{d.reference}</td>
          <td>
            <BankStatusBadge status={d.status} />
          </td>
          <DecidedCell at={d.decidedAt} />
          <OpenCell to={`/bank-deposits/${d.id}`} label={t.open} testId={`bank-open-${d.id}`} />
        </tr>
      ))}
    </ListPage>
  );
}
