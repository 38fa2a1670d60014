import type { AdminLoan } from '@otc/protocol/loan/schemas';
import { texts } from '../texts.ts';
import { formatPercent, formatQuantity, formatTime } from '../ui/format.ts';
import { loanTexts } from './texts.ts';

const f = loanTexts.loan.fields;
const none = texts.common.none;

const amount = (value: string | null | undefined, asset: string) =>
  value == null ? none : `${formatQuantity(value)} ${asset}`;

/**
 * A loan's figures as the quote showed them and the approval fixes them: the principal, interest
 * and amount due, the collateral at the index price, the LTV levels and their prices, the dates;
 * while active, its LTV and what repaying now takes. Exact decimals, grouped.
 */
export function LoanFigures({ loan: l }: { loan: AdminLoan }) {
  // What the approval sets (the LTV and its prices, the dates) is not there yet while it waits.
  const unset = l.status === 'pending' ? loanTexts.loan.detail.atApproval : none;
  const price = (value: string | null) => (value === null ? unset : `${formatQuantity(value)} ${l.asset}`);
  const percent = (value: string | null) => (value === null ? unset : formatPercent(value));
  const time = (iso: string | null) => (iso === null ? unset : formatTime(iso));
  const rows: [string, string, string][] = [
    ['amount', f.amount, amount(l.amount, l.asset)],
    ['termDays', f.termDays, loanTexts.loan.form.termDays(l.termDays)],
    ['dailyRate', f.dailyRate, `${l.dailyRate} (${formatPercent(l.dailyRate)})`],
    ['interest', f.interest, amount(l.interest, l.asset)],
    ['amountDue', f.amountDue, amount(l.amountDue, l.asset)],
    ['collateral', f.collateral, amount(l.collateralAmount, l.collateralAsset)],
    ['indexPrice', f.indexPrice, price(l.indexPrice)],
    ['ltv', f.ltv, percent(l.ltv)],
    ['initialLtv', f.initialLtv, percent(l.initialLtv)],
    ['marginCallLtv', f.marginCallLtv, percent(l.marginCallLtv)],
    ['marginCallPrice', f.marginCallPrice, price(l.marginCallPrice)],
    ['liquidationLtv', f.liquidationLtv, percent(l.liquidationLtv)],
    ['liquidationPrice', f.liquidationPrice, price(l.liquidationPrice)],
    ['appliedAt', f.appliedAt, time(l.appliedAt)],
    ['approvedAt', f.approvedAt, time(l.approvedAt)],
    ['dueAt', f.dueAt, time(l.dueAt)],
    ...(l.repayNow
      ? [['owedNow', f.owedNow, amount(l.repayNow.total, l.asset)] as [string, string, string]]
      : []),
    ...(l.closedAt ? [['closedAt', f.closedAt, time(l.closedAt)] as [string, string, string]] : []),
    ...(l.debt !== '0' ? [['debt', f.debt, amount(l.debt, l.asset)] as [string, string, string]] : []),
  ];
  return (
    <dl className="kv loan-kv" data-testid="loan-figures">
      {rows.map(([key, label, value]) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd className="mono" data-testid={`loan-figure-${key}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
