import { leverageCap } from '@otc/core/positions/rules';
import type { PositionProduct } from '@otc/protocol/positions/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KeyValueRow } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { FundingRow } from './FundingRow.tsx';
import { positionKeys, positionsApi, useViewer } from './positionsApi.ts';
import { RiskWarning } from './RiskWarning.tsx';
import { percentText, rulesOf } from './ticket.ts';

/**
 * What an instrument's positions follow, disclosed before any order: the leverage cap, the spread,
 * the fee, the signed-in caller's country's margin close-out, the maintenance margin brackets, the liquidation fee and its cap, and for a perpetual the
 * funding rate, its countdown and interval. Nothing for a symbol without position rules (spot).
 * `warn`: the risk warning first, where no ticket on the page shows it already.
 */
export function RulesCard({
  product,
  symbol,
  warn,
}: {
  product: PositionProduct;
  symbol: string;
  warn?: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const viewer = useViewer();
  const query = useQuery({
    queryKey: positionKeys.detail(product, symbol, viewer),
    queryFn: () => positionsApi.detail(product, symbol),
    retry: false,
  });
  const d = query.data;
  if (!d) return null;
  const r = d.rules;
  let lower: string | null = null;
  return (
    <section className="card pos-rules" data-testid="contract-rules">
      {warn && <RiskWarning product={product} lossShare={d.lossShare} />}
      <h2 className="pos-list-title">{t('perp.detail.rules')}</h2>
      {r.product === 'perp' && <FundingRow detail={d} onDue={() => void query.refetch()} />}
      {r.product === 'perp' && (
        <KeyValueRow label={t('perp.detail.fundingInterval')}>
          {t('perp.detail.everyHours', { hours: r.fundingIntervalHours })}
        </KeyValueRow>
      )}
      <KeyValueRow label={t('perp.detail.maxLeverage')} testId="rules-max-leverage">
        {leverageCap(rulesOf(d))}x{r.countryCapped && ` · ${t('positions.ticket.countryRule')}`}
      </KeyValueRow>
      {r.closeOutLevel !== null && (
        <KeyValueRow label={t('perp.detail.closeOut')} testId="rules-close-out">
          {t('perp.detail.closeOutAt', { level: percentText(r.closeOutLevel, 2, f.lang) })}
          {` · ${t('positions.ticket.countryRule')}`}
        </KeyValueRow>
      )}
      <KeyValueRow label={t('perp.detail.spread')}>{percentText(r.spread, 4, f.lang)}</KeyValueRow>
      <KeyValueRow label={t('perp.detail.takerFee')}>{percentText(r.takerFee, 4, f.lang)}</KeyValueRow>
      {d.instrument.class === 'stock' && (
        <KeyValueRow label={t('positions.ticket.stampDuty')}>
          {percentText(r.stampDuty, 4, f.lang)}
        </KeyValueRow>
      )}
      <KeyValueRow label={t('perp.detail.liqFee')}>
        {t('perp.detail.liqFeeValue', {
          rate: percentText(r.liquidationFeeRate, 4, f.lang),
          cap: f.usdt(r.liquidationFeeCap),
        })}
      </KeyValueRow>
      <h3 className="pos-subtitle">{t('perp.detail.brackets')}</h3>
      {r.brackets.map((b) => {
        const label =
          b.notionalUpTo === null
            ? t('perp.detail.bracketAbove', { notional: f.amount(lower ?? '0', 0) })
            : t('perp.detail.bracketUpTo', { notional: f.amount(b.notionalUpTo, 0) });
        lower = b.notionalUpTo;
        return (
          <KeyValueRow key={b.notionalUpTo ?? 'top'} label={label}>
            {percentText(b.rate, 4, f.lang)}
          </KeyValueRow>
        );
      })}
    </section>
  );
}
