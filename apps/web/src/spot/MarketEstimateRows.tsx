import { useTranslation } from 'react-i18next';
import { formatPrice } from '../money/format.ts';
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
  quoteInfo,
  priceDigits,
}: {
  estimate: ShownEstimate | null;
  base: string;
  quote: string;
  /** The quote asset's display decimals: the fee and total are amounts of it. */
  quoteInfo: { displayDecimals: number } | undefined;
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
        {value(shown?.avgPrice, `${formatPrice(shown?.avgPrice ?? '0', priceDigits, f.lang)} ${quote}`)}
      </KeyValueRow>
      <KeyValueRow label={t('spot.form.fee')} testId="order-fee">
        {value(shown?.fee, `${f.money(shown?.fee ?? '0', quoteInfo)} ${quote}`)}
      </KeyValueRow>
      <KeyValueRow label={t('spot.form.totalEstimate')} testId="order-total">
        {value(shown?.total, `${f.money(shown?.total ?? '0', quoteInfo)} ${quote}`)}
      </KeyValueRow>
      {shown?.thin && (
        <p className="spot-market-note" role="status" data-testid="book-thin">
          {t('spot.form.bookThin', { amount: f.amount(shown.filled), asset: base })}
        </p>
      )}
    </>
  );
}
