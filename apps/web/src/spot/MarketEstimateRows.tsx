import { useTranslation } from 'react-i18next';
import { KeyValueRow } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import type { ShownEstimate } from './marketEstimate.ts';

/**
 * A market order's estimate on the ticket: average price, fee and total walked on the book (what
 * the engine will fill), and a warning when the book within the 5% band is too thin. Each value
 * carries its exact decimal in `data-value` (the text is cut for display).
 */
export function MarketEstimateRows({
  estimate,
  base,
  quote,
  priceDigits,
}: {
  estimate: ShownEstimate | null;
  base: string;
  quote: string;
  priceDigits: number;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const shown = estimate && !estimate.refused ? estimate : null;
  const value = (exact: string | null | undefined, text: string) =>
    exact ? <span data-value={exact}>{text}</span> : '--';
  return (
    <>
      <KeyValueRow label={t('spot.form.avgPriceEstimate')} testId="order-avg-price">
        {value(shown?.avgPrice, `${f.amount(shown?.avgPrice ?? '0', priceDigits + 2)} ${quote}`)}
      </KeyValueRow>
      <KeyValueRow label={t('spot.form.fee')} testId="order-fee">
        {value(shown?.fee, `${f.amount(shown?.fee ?? '0', 8)} ${quote}`)}
      </KeyValueRow>
      <KeyValueRow label={t('spot.form.totalEstimate')} testId="order-total">
        {value(shown?.total, `${f.amount(shown?.total ?? '0', priceDigits + 4)} ${quote}`)}
      </KeyValueRow>
      {shown?.thin && (
        <p className="spot-market-note" role="status" data-testid="book-thin">
          {t('spot.form.bookThin', { amount: f.amount(shown.filled), asset: base })}
        </p>
      )}
    </>
  );
}
