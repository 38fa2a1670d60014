import type { LoanQuote } from '@otc/protocol/loan/schemas';
import { useTranslation } from 'react-i18next';
import { displayFraction, displayRate } from '../money/rate.ts';
import { KeyValueRow } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { collateralShort, ltvText } from './loanFigures.ts';

/**
 * Every figure of the loan, as the server quotes it, before the user confirms: the interest and
 * what is due when, the collateral frozen at today's index price against what the user holds, the
 * margin-call and liquidation levels with their prices, the overdue charges and the early rule.
 */
export function QuoteCard({ quote, loading }: { quote: LoanQuote | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!quote) {
    return (
      <div className="loan-quote loan-quote-empty" data-testid="loan-quote-empty">
        {loading ? <Spinner /> : <p className="field-hint">{t('loan.apply.quoteHint')}</p>}
      </div>
    );
  }
  const usdt = (value: string) => `${f.amount(value, 8)} ${quote.asset}`;
  // A trigger price to the cent (cut): its 8 places (rounded up by the server) are noise on a BTC price.
  const price = (value: string) => `${f.amount(value, 2)} ${quote.asset}`;
  const coin = (value: string) => `${f.amount(value, 8)} ${quote.collateralAsset}`;
  const short = collateralShort(quote);
  return (
    <div className="loan-quote" data-testid="loan-quote">
      <h3 className="loan-quote-title">{t('loan.apply.quoteTitle')}</h3>
      <KeyValueRow label={t('loan.apply.dailyRate')} testId="loan-quote-rate">
        {displayRate(quote.dailyRate, f.lang)}
      </KeyValueRow>
      <KeyValueRow label={t('loan.apply.interest')} testId="loan-quote-interest">
        {usdt(quote.interest)}
      </KeyValueRow>
      <KeyValueRow label={t('loan.apply.amountDue')} testId="loan-quote-due">
        {usdt(quote.amountDue)}
      </KeyValueRow>
      <KeyValueRow label={t('loan.apply.dueDate')} testId="loan-quote-due-at">
        {f.time(quote.dueAt)}
      </KeyValueRow>
      <KeyValueRow
        label={t('loan.apply.indexPrice', { asset: quote.collateralAsset })}
        testId="loan-quote-price"
      >
        {usdt(quote.indexPrice)}
      </KeyValueRow>
      <KeyValueRow label={t('loan.apply.collateralFrozen')} testId="loan-quote-collateral">
        {coin(quote.collateralAmount)}
      </KeyValueRow>
      <KeyValueRow
        label={t('loan.apply.collateralAvailable', { asset: quote.collateralAsset })}
        testId="loan-quote-collateral-available"
      >
        {coin(quote.collateralAvailable)}
      </KeyValueRow>
      {short && (
        <p className="field-error" role="alert" data-testid="loan-quote-short">
          {t('loan.apply.collateralShort', { asset: quote.collateralAsset })}
        </p>
      )}
      <KeyValueRow
        label={t('loan.apply.marginCall', {
          asset: quote.collateralAsset,
          ltv: ltvText(quote.marginCallLtv, f.lang),
        })}
        testId="loan-quote-margin-call"
      >
        {price(quote.marginCallPrice)}
      </KeyValueRow>
      <KeyValueRow
        label={t('loan.apply.liquidation', {
          asset: quote.collateralAsset,
          ltv: ltvText(quote.liquidationLtv, f.lang),
        })}
        testId="loan-quote-liquidation"
      >
        {price(quote.liquidationPrice)}
      </KeyValueRow>
      <KeyValueRow label={t('loan.apply.overdueInterest')} testId="loan-quote-overdue-interest">
        {usdt(quote.overdueDailyInterest)}
      </KeyValueRow>
      <KeyValueRow label={t('loan.apply.lateFee')} testId="loan-quote-late-fee">
        {usdt(quote.lateFeeDaily)}
      </KeyValueRow>
      <p className="field-hint" data-testid="loan-quote-overdue-rule">
        {t('loan.apply.overdueRule', { days: quote.liquidationOverdueDays })}
      </p>
      <p className="field-hint" data-testid="loan-quote-early-rule">
        {t('loan.apply.earlyRule', {
          share: displayFraction(quote.earlyPenaltyShare, f.lang, { decimals: 2 }),
        })}
      </p>
    </div>
  );
}
