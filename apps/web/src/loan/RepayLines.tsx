import type { LoanRepayment } from '@otc/protocol/loan/schemas';
import { useTranslation } from 'react-i18next';
import { KeyValueRow } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { REPAY_LINE_LABELS, repayLines } from './loanFigures.ts';

/** A repayment line by line (the charges it has), then its total: what repaying now takes, or what was paid. */
export function RepayLines({
  title,
  repayment,
  asset,
}: {
  title: string;
  repayment: LoanRepayment;
  asset: string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div className="loan-section" data-testid="loan-lines">
      <h3 className="loan-section-title">{title}</h3>
      {repayLines(repayment).map(({ line, amount }) => (
        <KeyValueRow key={line} label={t(REPAY_LINE_LABELS[line])} testId={`loan-line-${line}`}>
          {f.amount(amount, 8)} {asset}
        </KeyValueRow>
      ))}
      <div className="loan-total">
        <KeyValueRow label={t(REPAY_LINE_LABELS.total)} testId="loan-line-total">
          {f.amount(repayment.total, 8)} {asset}
        </KeyValueRow>
      </div>
    </div>
  );
}
