import type { Loan } from '@otc/protocol/loan/schemas';
import { useTranslation } from 'react-i18next';
import { displayRate } from '../money/rate.ts';
import { KeyValueRow } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { Button } from '../ui/Button.tsx';
import { ltvText, releasedCollateral, repayAmount, STATUS_LABELS, shownStatus } from './loanFigures.ts';
import { RepayLines } from './RepayLines.tsx';

/** One loan: its terms, its state and repayment status, and what its state shows and allows. */
export function LoanCard({
  loan,
  onRepay,
  onAddCollateral,
}: {
  loan: Loan;
  onRepay: () => void;
  onAddCollateral: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const status = shownStatus(loan);
  const usdt = (value: string) => `${f.amount(value, 8)} ${loan.asset}`;
  // A trigger price to the cent (cut): its 8 places (rounded up by the server) are noise on a BTC price.
  const price = (value: string) => `${f.amount(value, 2)} ${loan.asset}`;
  const coin = (value: string) => `${f.amount(value, 8)} ${loan.collateralAsset}`;
  const released = releasedCollateral(loan);
  const toRepay = repayAmount(loan);
  return (
    <section className="card loan-card" data-testid={`loan-${loan.id}`}>
      <div className="loan-head">
        <span className="loan-name">{loan.productName}</span>
        <span className={`loan-status loan-status-${status}`} data-testid="loan-status">
          {t(STATUS_LABELS[status])}
        </span>
      </div>
      <KeyValueRow label={t('loan.records.amount')} testId="loan-amount">
        {usdt(loan.amount)}
      </KeyValueRow>
      <KeyValueRow label={t('loan.apply.term')} testId="loan-term">
        {t('loan.apply.days', { days: loan.termDays })}
      </KeyValueRow>
      <KeyValueRow label={t('loan.apply.dailyRate')} testId="loan-rate">
        {displayRate(loan.dailyRate, f.lang)}
      </KeyValueRow>
      <KeyValueRow label={t('loan.apply.interest')} testId="loan-interest">
        {usdt(loan.interest)}
      </KeyValueRow>
      <KeyValueRow label={t('loan.apply.amountDue')} testId="loan-amount-due">
        {usdt(loan.amountDue)}
      </KeyValueRow>
      <KeyValueRow label={t('loan.records.repayment')} testId="loan-repaid">
        {t(loan.repaid ? 'loan.records.status.repaid' : 'loan.records.status.notRepaid')}
      </KeyValueRow>
      <KeyValueRow label={t('loan.records.appliedAt')}>{f.time(loan.appliedAt)}</KeyValueRow>
      {loan.dueAt && (
        <KeyValueRow label={t('loan.records.dueAt')} testId="loan-due-at">
          {f.time(loan.dueAt)}
        </KeyValueRow>
      )}
      {loan.status === 'rejected' && loan.reason && (
        <p className="loan-reason" data-testid="loan-reason">
          {t('loan.records.reason', { reason: loan.reason })}
        </p>
      )}
      {loan.status === 'active' && (
        <>
          <KeyValueRow label={t('loan.records.collateral')} testId="loan-collateral">
            {coin(loan.collateralAmount)}
          </KeyValueRow>
          {loan.indexPrice && (
            <KeyValueRow
              label={t('loan.apply.indexPrice', { asset: loan.collateralAsset })}
              testId="loan-index-price"
            >
              {usdt(loan.indexPrice)}
            </KeyValueRow>
          )}
          {loan.ltv && (
            <KeyValueRow label={t('loan.records.ltv')} testId="loan-ltv">
              {ltvText(loan.ltv, f.lang)}
            </KeyValueRow>
          )}
          {loan.marginCallPrice && (
            <KeyValueRow
              label={t('loan.apply.marginCall', {
                asset: loan.collateralAsset,
                ltv: ltvText(loan.marginCallLtv, f.lang),
              })}
              testId="loan-margin-call-price"
            >
              {price(loan.marginCallPrice)}
            </KeyValueRow>
          )}
          {loan.liquidationPrice && (
            <KeyValueRow
              label={t('loan.apply.liquidation', {
                asset: loan.collateralAsset,
                ltv: ltvText(loan.liquidationLtv, f.lang),
              })}
              testId="loan-liquidation-price"
            >
              {price(loan.liquidationPrice)}
            </KeyValueRow>
          )}
          {loan.marginCalled && (
            <p className="field-error" role="alert" data-testid="loan-margin-called">
              {t('loan.records.marginCalled')}
            </p>
          )}
          {loan.repayNow && (
            <RepayLines title={t('loan.records.repayNow')} repayment={loan.repayNow} asset={loan.asset} />
          )}
        </>
      )}
      {loan.status === 'repaid' && loan.repayment && (
        <RepayLines title={t('loan.records.paid')} repayment={loan.repayment} asset={loan.asset} />
      )}
      {loan.status === 'liquidated' && loan.liquidation && (
        <div className="loan-section" data-testid="loan-liquidation">
          <h3 className="loan-section-title">
            {t(
              loan.liquidation.reason === 'ltv'
                ? 'loan.records.liquidatedLtv'
                : 'loan.records.liquidatedOverdue',
            )}
          </h3>
          <KeyValueRow label={t('loan.records.liquidationPrice')} testId="loan-liquidation-at">
            {usdt(loan.liquidation.price)}
          </KeyValueRow>
          <KeyValueRow label={t('loan.records.owed')}>{usdt(loan.liquidation.owed)}</KeyValueRow>
          <KeyValueRow label={t('loan.records.sold')} testId="loan-sold">
            {coin(loan.liquidation.sold)}
          </KeyValueRow>
          <KeyValueRow label={t('loan.records.shortfall')}>{usdt(loan.liquidation.shortfall)}</KeyValueRow>
          <KeyValueRow label={t('loan.records.debt')} testId="loan-debt">
            {usdt(loan.debt)}
          </KeyValueRow>
        </div>
      )}
      {released && (
        <KeyValueRow label={t('loan.records.released')} testId="loan-released">
          {coin(released)}
        </KeyValueRow>
      )}
      {(toRepay || loan.status === 'active') && (
        <div className="loan-actions">
          {toRepay && (
            <Button block onClick={onRepay} data-testid="loan-repay">
              {t(loan.status === 'active' ? 'loan.records.repay' : 'loan.records.repayDebt')}
            </Button>
          )}
          {loan.status === 'active' && (
            <Button variant="secondary" block onClick={onAddCollateral} data-testid="loan-add-collateral">
              {t('loan.records.addCollateral')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
