import { formatPriceAt } from '@otc/core/display';
import type { Position } from '@otc/protocol/positions/schemas';
import { useTranslation } from 'react-i18next';
import { KeyValueRow, SignedAmount } from '../money/screenParts.ts';
import { USDT_DISPLAY, useFormat } from '../money/useFormat.ts';
import { Dialog } from '../ui/Dialog.tsx';
import type { ReverseQuote } from './ticket.ts';

/**
 * The reverse confirmation: every lot closes at market and as many open on the other side, so it
 * shows what that costs before the user agrees (the fees of both legs, the new side, size and
 * margin, and the PnL the close realises), computed as the ticket computes an order. "--" while
 * the instrument has no price.
 */
export function ReverseDialog({
  position: p,
  quote,
  priceDigits,
  onConfirm,
  onCancel,
}: {
  position: Position;
  quote: ReverseQuote | null;
  priceDigits: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const usdt = (value: string | undefined, testId: string) => (
    <span data-testid={testId} data-value={value ?? ''}>
      {value === undefined ? '--' : `${f.usdt(value)} USDT`}
    </span>
  );
  const side = (s: 'long' | 'short') => t(s === 'long' ? 'positions.side.long' : 'positions.side.short');
  return (
    <Dialog
      title={t('positions.reverse.title')}
      message={t('common.confirmReverse')}
      messageTestId="confirm-reverse"
      okText={t('positions.list.reverse')}
      onOk={onConfirm}
      onCancel={onCancel}
    >
      <div className="pos-figures" data-testid="reverse-figures">
        <KeyValueRow label={t('positions.reverse.newPosition')}>
          <span data-testid="reverse-after" data-side={quote?.side ?? ''} data-lots={quote?.lots ?? ''}>
            {quote ? `${side(quote.side)} ${f.amount(quote.lots, 8)} · ${p.leverage}x ${p.symbol}` : '--'}
          </span>
        </KeyValueRow>
        <KeyValueRow label={t('positions.reverse.price')}>
          <span data-testid="reverse-price" data-value={quote?.price ?? ''}>
            {quote ? formatPriceAt(quote.price, priceDigits, f.lang) : '--'}
          </span>
        </KeyValueRow>
        <KeyValueRow label={t('positions.reverse.margin')}>
          {usdt(quote?.margin, 'reverse-margin')}
        </KeyValueRow>
        <KeyValueRow label={t('positions.reverse.closeFee')}>
          {usdt(quote?.closeFee, 'reverse-close-fee')}
        </KeyValueRow>
        <KeyValueRow label={t('positions.reverse.openFee')}>
          {usdt(quote?.openFee, 'reverse-open-fee')}
        </KeyValueRow>
        {p.product === 'cfd' && quote && quote.stampDuty !== '0' && (
          <KeyValueRow label={t('positions.ticket.stampDuty')}>
            {usdt(quote.stampDuty, 'reverse-stamp-duty')}
          </KeyValueRow>
        )}
        <KeyValueRow label={t('positions.reverse.fees')}>{usdt(quote?.fees, 'reverse-fees')}</KeyValueRow>
        <KeyValueRow label={t('positions.reverse.pnl')}>
          {quote ? (
            <span data-testid="reverse-pnl" data-value={quote.realisedPnl}>
              <SignedAmount amount={quote.realisedPnl} asset="USDT" display={USDT_DISPLAY} trend />
            </span>
          ) : (
            '--'
          )}
        </KeyValueRow>
      </div>
      <p className="pos-note">{t('positions.reverse.note')}</p>
    </Dialog>
  );
}
