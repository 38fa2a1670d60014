import { parseUnits } from '@otc/core/money/decimal';
import { filledPastTrigger } from '@otc/core/positions/history';
import type { PositionSide } from '@otc/core/positions/types';
import type { PositionProduct } from '@otc/protocol/positions/constants';
import type { ClosedPosition, PositionClose } from '@otc/protocol/positions/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
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

/**
 * Closed positions (and open ones a partial close took lots from), newest first: the size closed,
 * entry and average exit, fees of both legs, stamp duty, funding, realised PnL and who closed it;
 * under each, its closes one by one (size, price, fee, PnL, time).
 */
export function ClosedPositions({ product }: { product: PositionProduct | 'all' }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: positionKeys.history(product, page),
    queryFn: () => positionsApi.history(product, page),
    placeholderData: keepPreviousData,
  });
  const { bySymbol } = useInstruments();
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
            <ClosedRow key={p.id} position={p} instrument={bySymbol.get(p.symbol)} />
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

function ClosedRow({ position: p, instrument }: { position: ClosedPosition; instrument: Tick | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  const price = (v: string | null) => (v === null ? '--' : f.price(v, instrument));
  const open = p.status === 'open';
  return (
    <li
      className="card pos-card"
      data-testid="closed-row"
      data-id={p.id}
      data-symbol={p.symbol}
      data-reason={p.closeReason ?? ''}
      data-status={p.status}
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
      {open && (
        <p className="pos-note" data-testid="closed-still-open">
          {t('positions.history.stillOpen', { lots: f.amount(p.lots, 8) })}
        </p>
      )}
      <div className="pos-card-pnl">
        <div>
          <span className="pos-label">{t('positions.history.realised')}</span>
          <span data-testid="closed-pnl" data-value={p.realisedPnl}>
            <SignedAmount amount={p.realisedPnl} asset="USDT" display={USDT_DISPLAY} trend />
          </span>
        </div>
      </div>
      <dl className="pos-grid">
        <Cell label={t('positions.history.closedLots')} testId="closed-lots" value={p.closedLots}>
          {p.exitPrice === null ? '--' : f.amount(p.closedLots, 8)}
        </Cell>
        <Cell label={t('positions.list.entry')} testId="closed-entry" value={p.entryPrice}>
          {price(p.entryPrice)}
        </Cell>
        <Cell label={t('positions.history.exitPrice')} testId="closed-exit" value={p.exitPrice ?? ''}>
          {price(p.exitPrice ?? p.closePrice)}
        </Cell>
        <Cell label={t('positions.history.feesAll')} testId="closed-fees" value={p.fees}>
          {f.usdt(p.fees)}
        </Cell>
        {p.product === 'cfd' && (
          <Cell label={t('positions.ticket.stampDuty')} testId="closed-stamp-duty" value={p.stampDuty}>
            {f.usdt(p.stampDuty)}
          </Cell>
        )}
        <Cell label={t('positions.list.funding')} testId="closed-funding" value={p.funding}>
          {f.usdt(p.funding)}
        </Cell>
        <Cell label={t('positions.history.reason')} testId="closed-reason" value={p.closeReason ?? ''}>
          {p.closeReason ? t(REASON[p.closeReason]) : '--'}
        </Cell>
        <Cell label={t('positions.history.closedAt')} testId="closed-at" value={String(p.closedAt ?? '')}>
          {p.closedAt === null ? '--' : f.time(new Date(p.closedAt).toISOString())}
        </Cell>
      </dl>
      {p.closes.length > 0 && (
        <div className="pos-closes">
          <h3 className="pos-closes-title">{t('positions.history.closes')}</h3>
          <ol className="pos-closes-list" data-testid="closes">
            {p.closes.map((c) => (
              <CloseRow key={c.orderId} close={c} side={p.side} instrument={instrument} />
            ))}
          </ol>
        </div>
      )}
    </li>
  );
}

/** One close of the position: its size, price, fee, PnL, why and when; a TP/SL filled past its trigger says so. */
function CloseRow({
  close: c,
  side,
  instrument,
}: {
  close: PositionClose;
  side: PositionSide;
  instrument: Tick | undefined;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const past =
    c.triggerPrice !== null && filledPastTrigger(side, parseUnits(c.triggerPrice), parseUnits(c.price));
  return (
    <li className="pos-close" data-testid="close-row" data-reason={c.reason}>
      <div className="pos-close-head">
        <span>{t(REASON[c.reason])}</span>
        <span className="pos-close-time">{f.time(new Date(c.closedAt).toISOString())}</span>
      </div>
      <dl className="pos-grid">
        <Cell label={t('positions.ticket.lots')} testId="close-lots" value={c.lots}>
          {f.amount(c.lots, 8)}
        </Cell>
        <Cell label={t('positions.ticket.price')} testId="close-price" value={c.price}>
          {f.price(c.price, instrument)}
        </Cell>
        <Cell label={t('positions.ticket.fee')} testId="close-fee" value={c.fee ?? ''}>
          {c.fee === null ? '--' : f.usdt(c.fee)}
        </Cell>
        <Cell label={t('positions.history.realised')} testId="close-pnl" value={c.realisedPnl ?? ''}>
          {c.realisedPnl === null ? (
            '--'
          ) : (
            <SignedAmount amount={c.realisedPnl} asset="USDT" display={USDT_DISPLAY} trend />
          )}
        </Cell>
      </dl>
      {past && c.triggerPrice !== null && (
        <p className="pos-note" data-testid="close-past-trigger">
          {t('positions.history.pastTrigger', {
            price: f.price(c.price, instrument),
            trigger: f.price(c.triggerPrice, instrument),
          })}
        </p>
      )}
    </li>
  );
}

/** What a price is cut to: the instrument's tick. */
type Tick = { tickSize: string };

function Cell({
  label,
  testId,
  value,
  children,
}: {
  label: string;
  testId: string;
  /** The exact decimal, for tests. */
  value: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId} data-value={value}>
        {children}
      </dd>
    </div>
  );
}
