import type { LoanStatus } from '@otc/protocol/loan/schemas';
import { formatQuantity } from '../ui/format.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { OpenCell, QueueLeadCells } from '../ui/QueueCells.tsx';
import { StatusSelect } from '../ui/StatusSelect.tsx';
import { useStatusQueue } from '../ui/useStatusQueue.ts';
import { LoanStatusBadge } from './LoanStatusBadge.tsx';
import { loanApi, loanKeys } from './loanApi.ts';
import { loanTexts } from './texts.ts';

const t = loanTexts.loan.review;
const statuses = loanTexts.loan.statuses;
/** The default is the first, the applications waiting for an operator; "All" lists every status. */
const STATUSES: readonly [LoanStatus, ...LoanStatus[]] = [
  'pending',
  'active',
  'repaid',
  'liquidated',
  'rejected',
];

/** The loans by status, pending applications first; each opens on its own page to be decided. */
export function LoansPage() {
  const { chosen, setStatus, list, items, paging } = useStatusQueue(STATUSES, loanKeys.list, loanApi.list);
  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      filters={
        <StatusSelect
          label={t.statusLabel}
          statuses={STATUSES}
          labels={statuses}
          value={chosen}
          onChange={setStatus}
          testId="loan-status"
        />
      }
      refreshTestId="loan-refresh"
      query={list}
      testId="loan-table"
      compact
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.id,
        t.columns.applied,
        t.columns.user,
        t.columns.account,
        t.columns.realm,
        t.columns.product,
        { label: t.columns.amount, className: 'num' },
        { label: t.columns.term, className: 'num' },
        t.columns.collateral,
        { label: t.columns.approvals, className: 'num' },
        t.columns.status,
        { label: t.columns.actions, className: 'col-actions' },
      ]}
      paging={paging}
    >
      {items.map((l) => (
        <tr key={l.id} data-testid={`loan-row-${l.id}`} data-user={l.userId}>
          <QueueLeadCells id={l.id} at={l.appliedAt} user={l.userId} account={l.account} />
          <td>{loanTexts.loan.realms[l.realm]}</td>
          <td>{l.productName}</td>
          <td className="num amount">{formatQuantity(l.amount)}</td>
          <td className="num nowrap">{t.termDays(l.termDays)}</td>
          <td className="nowrap">
            {formatQuantity(l.collateralAmount)} {l.collateralAsset}
          </td>
          <td className="num" data-testid="loan-approvals">
            {t.approvals(l.approvals, l.approvalsNeeded)}
          </td>
          <td>
            <LoanStatusBadge status={l.status} />
          </td>
          <OpenCell to={`/loans/${l.id}`} label={t.open} testId={`loan-open-${l.id}`} />
        </tr>
      ))}
    </ListPage>
  );
}
