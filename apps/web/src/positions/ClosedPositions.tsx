import type { PositionProduct } from '@otc/protocol/positions/constants';
import type { Position } from '@otc/protocol/positions/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstruments } from '../market/index.ts';
import { QueryState, SignedAmount } from '../money/screenParts.ts';
import { USDT_DISPLAY, useFormat } from '../money/useFormat.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { HISTORY_PAGE_SIZE, positionKeys, positionsApi } from './positionsApi.ts';

const REASON = {
  user: 'positions.history.reasons.user',
  tp: 'positions.history.reasons.tp',
  sl: 'positions.history.reasons.sl',
  liquidation: 'positions.history.reasons.liquidation',
  reverse: 'positions.history.reasons.reverse',
  closeall: 'positions.history.reasons.closeall',
  revalued: 'positions.history.reasons.revalued',
} as const;

/** Closed positions, newest first: realised PnL, close price, fees, stamp duty, funding and who closed it. */
export function ClosedPositions({ product }: { product: PositionProduct | 'all' }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: positionKeys.history(product, page),
    queryFn: () => positionsApi.history(product, page),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  if (!data)
    return (
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        icon="layers"
      />
    );
  const pages = Math.max(1, Math.ceil(data.total / HISTORY_PAGE_SIZE));
  return (
    <section className="pos-list" aria-busy={query.isPlaceholderData}>
      {data.items.length === 0 ? (
        <EmptyState icon="clock" title={t('positions.history.empty')} />
      ) : (
        <ul className="pos-cards" data-testid="closed-positions">
          {data.items.map((p) => (
            <ClosedRow key={p.id} position={p} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="pos-pager">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ‹
          </Button>
          <span>
            {page} / {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            ›
          </Button>
        </div>
      )}
    </section>
  );
}

function ClosedRow({ position: p }: { position: Position }) {
  const { t } = useTranslation();
  const f = useFormat();
  const instrument = useInstruments().bySymbol.get(p.symbol);
  return (
    <li className="card pos-card" data-testid="closed-row" data-id={p.id} data-reason={p.closeReason ?? ''}>
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
          <span className="pos-label">{t('positions.history.realised')}</span>
          <span data-testid="closed-pnl" data-value={p.realisedPnl}>
            <SignedAmount amount={p.realisedPnl} asset="USDT" display={USDT_DISPLAY} />
          </span>
        </div>
      </div>
      <dl className="pos-grid">
        <div>
          <dt>{t('positions.ticket.lots')}</dt>
          <dd>{f.amount(p.lots, 8)}</dd>
        </div>
        <div>
          <dt>{t('positions.list.entry')}</dt>
          <dd>{f.price(p.entryPrice, instrument)}</dd>
        </div>
        <div>
          <dt>{t('positions.history.closePrice')}</dt>
          <dd>{p.closePrice === null ? '--' : f.price(p.closePrice, instrument)}</dd>
        </div>
        <div>
          <dt>{t('positions.history.fees')}</dt>
          <dd data-testid="closed-fees">{f.usdt(p.fees)}</dd>
        </div>
        {p.product === 'cfd' && (
          <div>
            <dt>{t('positions.ticket.stampDuty')}</dt>
            <dd>{f.usdt(p.stampDuty)}</dd>
          </div>
        )}
        <div>
          <dt>{t('positions.list.funding')}</dt>
          <dd data-testid="closed-funding">{f.usdt(p.funding)}</dd>
        </div>
        <div>
          <dt>{t('positions.history.reason')}</dt>
          <dd data-testid="closed-reason">{p.closeReason ? t(REASON[p.closeReason]) : '--'}</dd>
        </div>
        <div>
          <dt>{t('positions.history.closedAt')}</dt>
          <dd>{p.closedAt === null ? '--' : f.time(p.closedAt)}</dd>
        </div>
      </dl>
    </li>
  );
}
