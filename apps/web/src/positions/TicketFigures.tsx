import type { PositionDetail } from '@otc/protocol/positions/schemas';
import { useTranslation } from 'react-i18next';
import { KeyValueRow } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { FundingRow } from './FundingRow.tsx';
import type { TicketQuote } from './ticket.ts';

/**
 * What the order costs before confirming: position value, margin, fee, stamp duty (stocks), the
 * prepaid amount (exactly what is frozen), the estimated liquidation price ("--" when none), and a
 * perpetual's funding rate with its countdown. Each value's exact decimal is in `data-value`.
 */
export function TicketFigures({
  quote,
  detail,
  stock,
  onFundingDue,
}: {
  quote: TicketQuote | null;
  detail: PositionDetail;
  stock: boolean;
  onFundingDue: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const usdt = (value: string | undefined | null, testId: string) => (
    <span data-testid={testId} data-value={value ?? ''}>
      {value ? `${f.usdt(value)} USDT` : '--'}
    </span>
  );
  return (
    <div className="pos-figures">
      <KeyValueRow label={t('positions.ticket.notional')}>
        {usdt(quote?.notional, 'ticket-notional')}
      </KeyValueRow>
      <KeyValueRow label={t('positions.ticket.margin')}>{usdt(quote?.margin, 'ticket-margin')}</KeyValueRow>
      <KeyValueRow label={t('positions.ticket.fee')}>{usdt(quote?.fee, 'ticket-fee')}</KeyValueRow>
      {stock && (
        <KeyValueRow label={t('positions.ticket.stampDuty')}>
          {usdt(quote?.stampDuty, 'ticket-stamp-duty')}
        </KeyValueRow>
      )}
      <div className="pos-prepaid">
        <KeyValueRow label={t('positions.ticket.prepaid')}>
          {usdt(quote?.prepaid, 'ticket-prepaid')}
        </KeyValueRow>
        <p className="pos-note">{t('positions.ticket.prepaidNote')}</p>
      </div>
      <KeyValueRow label={t('positions.ticket.liquidation')}>
        <span data-testid="ticket-liquidation" data-value={quote?.liquidationPrice ?? ''}>
          {quote?.liquidationPrice ? f.price(quote.liquidationPrice, detail.instrument) : '--'}
        </span>
      </KeyValueRow>
      {detail.rules.product === 'perp' && <FundingRow detail={detail} onDue={onFundingDue} />}
    </div>
  );
}
