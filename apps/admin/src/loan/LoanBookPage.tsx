import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { texts } from '../texts.ts';
import { formatPercent, formatQuantity, formatTime } from '../ui/format.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { loanApi, loanKeys } from './loanApi.ts';
import { loanTexts } from './texts.ts';
import './loan.css';

const t = loanTexts.loan.book;
const none = texts.common.none;
const quantity = (value: string | null | undefined) => (value == null ? none : formatQuantity(value));

/**
 * The live loan book: every active loan as the server orders it, highest LTV (riskiest) first, with
 * what is owed now, the collateral and its price, and the prices at which the margin call and the
 * liquidation come; the totals above it. Any operator reads it.
 */
export function LoanBookPage() {
  const book = useQuery({ queryKey: loanKeys.book, queryFn: ({ signal }) => loanApi.book(signal) });
  const items = book.data?.items ?? [];
  return (
    <ListPage
      title={t.title}
      subtitle={t.subtitle}
      refreshTestId="loan-book-refresh"
      notices={
        book.data && (
          <dl className="kv loan-kv loan-book-totals" data-testid="loan-book-totals">
            <dt>{t.loans}</dt>
            <dd data-testid="loan-book-count">{items.length}</dd>
            <dt>{t.outstanding}</dt>
            <dd className="mono" data-testid="loan-book-outstanding">
              {formatQuantity(book.data.outstandingPrincipal)} USDT
            </dd>
            <dt>{t.collateralValue}</dt>
            <dd className="mono" data-testid="loan-book-collateral">
              {formatQuantity(book.data.collateralValue)} USDT
            </dd>
          </dl>
        )
      }
      query={book}
      testId="loan-book-table"
      compact
      isEmpty={items.length === 0}
      empty={t.empty}
      headers={[
        t.columns.id,
        t.columns.realm,
        { label: t.columns.ltv, className: 'num' },
        { label: t.columns.amount, className: 'num' },
        { label: t.columns.owed, className: 'num' },
        { label: t.columns.collateral, className: 'num' },
        { label: t.columns.price, className: 'num' },
        { label: t.columns.marginCall, className: 'num' },
        { label: t.columns.liquidation, className: 'num' },
        t.columns.due,
        t.columns.user,
      ]}
    >
      {items.map((l) => (
        <tr key={l.id} data-testid={`loan-book-${l.id}`}>
          <td className="mono">
            <Link to={`/loans/${l.id}`}>#{l.id}</Link>
          </td>
          <td>{loanTexts.loan.realms[l.realm]}</td>
          <td className="num nowrap strong" data-testid="loan-book-ltv">
            {l.ltv === null ? none : formatPercent(l.ltv)}
            {l.marginCalled && <span className="badge badge-pending loan-flag">{t.marginCalled}</span>}
            {l.overdue && <span className="badge badge-rejected loan-flag">{t.overdue}</span>}
          </td>
          <td className="num amount">{formatQuantity(l.amount)}</td>
          <td className="num amount" data-testid="loan-book-owed">
            {quantity(l.repayNow?.total)}
          </td>
          <td className="num amount nowrap">
            {formatQuantity(l.collateralAmount)} {l.collateralAsset}
          </td>
          <td className="num amount">{quantity(l.indexPrice)}</td>
          <td className="num amount">{quantity(l.marginCallPrice)}</td>
          <td className="num amount" data-testid="loan-book-liquidation">
            {quantity(l.liquidationPrice)}
          </td>
          <td>{l.dueAt ? formatTime(l.dueAt) : none}</td>
          <td className="mono" title={l.account ?? undefined}>
            {l.userId}
          </td>
        </tr>
      ))}
    </ListPage>
  );
}
