import type { PositionProduct } from '@otc/protocol/positions/constants';
import type { PositionOrder } from '@otc/protocol/positions/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstruments } from '../market/index.ts';
import { useMoneyMoved } from '../money/balances.ts';
import { QueryState, Tabs } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { FOLLOWS_USER_EVENTS } from '../money/useLiveMoney.ts';
import { confirm } from '../ui/dialog.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { toast } from '../ui/toast.ts';
import { positionKeys, positionsApi } from './positionsApi.ts';
import { usePositionEvents } from './usePositionEvents.ts';

type Tab = 'open' | 'history';
const STATUS = {
  open: 'positions.orders.status.open',
  filled: 'positions.orders.status.filled',
  cancelled: 'positions.orders.status.cancelled',
  rejected: 'positions.orders.status.rejected',
} as const;
const ACTION = {
  open: 'positions.orders.action.open',
  close: 'positions.orders.action.close',
  reverse: 'positions.orders.action.reverse',
  liquidate: 'positions.orders.action.liquidate',
} as const;

/** A product's orders (resting limit entries with Cancel, then finished ones), live from the private channel. */
export function PositionOrders({
  product,
  symbol = null,
}: {
  product: PositionProduct;
  symbol?: string | null;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('open');
  const moneyMoved = useMoneyMoved();
  usePositionEvents();
  const query = useQuery({
    queryKey: positionKeys.orders(product, tab, symbol),
    queryFn: () => positionsApi.orders(product, tab, symbol),
    staleTime: 0,
    meta: FOLLOWS_USER_EVENTS,
  });
  const cancel = async (order: PositionOrder) => {
    const sure = await confirm(t('common.confirmCancelOrder'), {
      okText: t('actions.cancelOrder'),
      cancelText: t('actions.keepOrder'),
    });
    if (!sure) return;
    try {
      await positionsApi.cancel(product, order.id);
      toast(t('positions.orders.cancelled'));
      await moneyMoved();
    } catch {
      // The client toasted the reason.
    }
  };
  const items = query.data?.items;
  return (
    <section className="card pos-orders">
      <Tabs
        variant="segmented"
        tabs={[
          { id: 'open', label: t('positions.orders.open') },
          { id: 'history', label: t('positions.orders.history') },
        ]}
        value={tab}
        onChange={setTab}
        testIdPrefix="orders-tab-"
      />
      {!items ? (
        <QueryState
          pending={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          icon="layers"
        />
      ) : items.length === 0 ? (
        <EmptyState icon="inbox" title={t('positions.orders.empty')} />
      ) : (
        <ul className="pos-order-list" data-testid={`orders-${tab}`}>
          {items.map((o) => (
            <OrderRow
              key={o.id}
              order={o}
              onCancel={o.status === 'open' ? () => void cancel(o) : undefined}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function OrderRow({ order: o, onCancel }: { order: PositionOrder; onCancel: (() => void) | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  const instrument = useInstruments().bySymbol.get(o.symbol);
  const price = (v: string | null) => (v === null ? '--' : f.price(v, instrument));
  return (
    <li className="pos-order" data-testid="order-row" data-status={o.status} data-id={o.id}>
      <div className="pos-card-head">
        <span className={`pos-badge pos-badge-${o.side}`}>
          {t(o.side === 'long' ? 'positions.side.long' : 'positions.side.short')} {o.leverage}x
        </span>
        <span className="pos-card-symbol">{o.symbol}</span>
        <span className="pos-card-product">
          {t(ACTION[o.action])} · {t(o.type === 'limit' ? 'spot.type.limit' : 'spot.type.market')}
        </span>
        <span className={`pos-status pos-status-${o.status}`}>{t(STATUS[o.status])}</span>
        {onCancel && (
          <button type="button" className="pos-link" onClick={onCancel} data-testid="cancel-order">
            {t('positions.orders.cancel')}
          </button>
        )}
      </div>
      <dl className="pos-grid">
        <div>
          <dt>{t('positions.ticket.price')}</dt>
          <dd>{o.price === null ? t('spot.type.market') : price(o.price)}</dd>
        </div>
        <div>
          <dt>{t('positions.ticket.lots')}</dt>
          <dd>{f.amount(o.lots, 8)}</dd>
        </div>
        <div>
          <dt>{t('positions.orders.fillPrice')}</dt>
          <dd>{price(o.fillPrice)}</dd>
        </div>
        <div>
          <dt>{t('positions.orders.frozen')}</dt>
          <dd data-testid="order-frozen" data-value={o.frozen}>
            {f.usdt(o.frozen)}
          </dd>
        </div>
        <div>
          <dt>{t('spot.orders.time')}</dt>
          <dd>{f.time(o.createdAt)}</dd>
        </div>
      </dl>
    </li>
  );
}
