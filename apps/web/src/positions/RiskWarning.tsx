import type { PositionProduct } from '@otc/protocol/positions/constants';
import type { PositionDetail } from '@otc/protocol/positions/schemas';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../money/useFormat.ts';

/**
 * The standard risk warning of leveraged products (ESMA's wording for CFDs), on every screen where
 * a perpetual or a CFD is ordered or described, with the platform's own measured share of live
 * accounts that lost money on the product over the last 12 months once enough accounts closed one
 * (the server's figure: realised PnL less fees, stamp duty and funding paid), and the negative
 * balance protection every user has: a loss never goes past a position's margin, the insurance fund
 * covers a deficit (positions/settlement.ts; decision 0150).
 */
export function RiskWarning({
  product,
  lossShare,
}: {
  product: PositionProduct;
  lossShare: PositionDetail['lossShare'] | undefined;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div className="risk-box" role="note" data-testid="risk-warning">
      <p>{t(product === 'cfd' ? 'positions.riskWarning.cfd' : 'positions.riskWarning.perp')}</p>
      <p data-testid="negative-balance-protection">{t('positions.riskWarning.protection')}</p>
      {lossShare && (
        <p className="risk-measured" data-testid="loss-share">
          {t('positions.riskWarning.lossShare', {
            share: f.percent(lossShare.share),
            accounts: f.amount(String(lossShare.accounts), 0),
          })}
        </p>
      )}
    </div>
  );
}
