import { formatPriceAt } from '@otc/core/display';
import type { Position } from '@otc/protocol/positions/schemas';
import { useTranslation } from 'react-i18next';
import { SignedAmount } from '../money/screenParts.ts';
import { USDT_DISPLAY, useFormat } from '../money/useFormat.ts';

/**
 * One open position: side, leverage, lots, entry and mark, live unrealised PnL and return, margin,
 * risk ratio and liquidation price ("--" when there is none), TP/SL and funding; its actions.
 */
export function PositionCard({
  position: p,
  priceDigits,
  onClose,
  onReverse,
  onTpSl,
}: {
  position: Position;
  /** The instrument's tick decimals, for prices. */
  priceDigits: number;
  onClose: () => void;
  onReverse: () => void;
  onTpSl: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const price = (v: string | null) => (v === null ? '--' : formatPriceAt(v, priceDigits, f.lang));
  return (
    <li
      className="card pos-card"
      data-testid="position-row"
      data-id={p.id}
      data-symbol={p.symbol}
      data-side={p.side}
    >
      <div className="pos-card-head">
        <span className={`pos-badge pos-badge-${p.side}`}>
          {t(p.side === 'long' ? 'positions.side.long' : 'positions.side.short')} {p.leverage}x
        </span>
        <span className="pos-card-symbol">{p.symbol}</span>
        <span className="pos-card-product">
          {t(p.product === 'perp' ? 'positions.product.perp' : 'positions.product.cfd')}
        </span>
      </div>
      <div className="pos-card-pnl">
        <div>
          <span className="pos-label">{t('positions.list.pnl')}</span>
          {p.unrealisedPnl === null ? (
            '--'
          ) : (
            <span data-testid="position-pnl" data-value={p.unrealisedPnl}>
              <SignedAmount amount={p.unrealisedPnl} asset="USDT" display={USDT_DISPLAY} trend />
            </span>
          )}
        </div>
        <div>
          <span className="pos-label">{t('positions.list.returnRate')}</span>
          <span data-testid="position-return">{p.returnRate === null ? '--' : f.percent(p.returnRate)}</span>
        </div>
      </div>
      <dl className="pos-grid">
        <Cell label={t('positions.ticket.lots')} value={f.amount(p.lots, 8)} testId="position-lots" />
        <Cell label={t('positions.list.entry')} value={price(p.entryPrice)} testId="position-entry" />
        <Cell label={t('positions.list.mark')} value={price(p.markPrice)} testId="position-mark" />
        <Cell label={t('positions.ticket.margin')} value={f.usdt(p.margin)} testId="position-margin" />
        <Cell
          label={t('positions.list.risk')}
          value={p.riskRatio === null ? '--' : f.percent(p.riskRatio)}
          testId="position-risk"
        />
        <Cell
          label={t('positions.list.liquidation')}
          value={price(p.liquidationPrice)}
          testId="position-liquidation"
        />
        <Cell label={t('positions.ticket.tp')} value={price(p.tp)} testId="position-tp" />
        <Cell label={t('positions.ticket.sl')} value={price(p.sl)} testId="position-sl" />
        <Cell label={t('positions.list.funding')} value={f.usdt(p.funding)} testId="position-funding" />
      </dl>
      <div className="pos-actions">
        <button type="button" className="btn btn-secondary" onClick={onTpSl} data-testid="position-tpsl">
          {t('positions.list.tpsl')}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={onReverse}
          data-testid="position-reverse"
        >
          {t('positions.list.reverse')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose} data-testid="position-close">
          {t('positions.list.close')}
        </button>
      </div>
    </li>
  );
}

function Cell({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
