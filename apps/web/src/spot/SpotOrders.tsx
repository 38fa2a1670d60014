import type { Instrument } from '@otc/protocol/market/schemas';
import type { SpotOrder } from '@otc/protocol/spot/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssetInfo, useMoneyMoved } from '../money/balances.ts';
import { formatPrice, tickDecimals } from '../money/format.ts';
import { Tabs } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { FOLLOWS_USER_EVENTS, useLiveMoney } from '../money/useLiveMoney.ts';
import { confirm } from '../ui/dialog.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { DelayedSpinner } from '../ui/Spinner.tsx';
import { toast } from '../ui/toast.ts';
import { spotApi, spotKeys } from './spotApi.ts';
import { useLiveOrders } from './useLiveOrders.ts';

type Tab = 'open' | 'history';

const STATUS = {
  open: 'spot.status.open',
  partial: 'spot.status.partial',
  filled: 'spot.status.filled',
  cancelled: 'spot.status.cancelled',
} as const;

/** Current orders (with Cancel) and history of the pair, live from the private channel. */
export function SpotOrders({ symbol, instrument }: { symbol: string; instrument: Instrument }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('open');
  const moneyMoved = useMoneyMoved();
  const query = useQuery({
    queryKey: tab === 'open' ? spotKeys.open(symbol) : spotKeys.history(symbol),
    queryFn: () => (tab === 'open' ? spotApi.openOrders(symbol) : spotApi.history(symbol)),
    staleTime: 0,
    refetchInterval: tab === 'open' ? 15_000 : false,
    meta: FOLLOWS_USER_EVENTS,
  });
  // Money stays live (the private channel): the balances, and each order as it changes.
  useLiveMoney();
  useLiveOrders(symbol);

  const cancel = async (order: SpotOrder) => {
    const sure = await confirm(t('common.confirmCancelOrder'), {
      okText: t('actions.cancelOrder'),
      cancelText: t('actions.keepOrder'),
    });
    if (!sure) return;
    try {
      await spotApi.cancel(order.id);
      toast(t('results.orderCancelled'));
      await moneyMoved();
    } catch {
      // The client toasted the reason.
    }
  };

  const items = query.data?.items;
  return (
    <section className="card spot-orders">
      <Tabs
        variant="segmented"
        tabs={[
          { id: 'open', label: t('spot.orders.open') },
          { id: 'history', label: t('spot.orders.history') },
        ]}
        value={tab}
        onChange={setTab}
        testIdPrefix="orders-tab-"
      />
      {!items ? (
        query.isPending ? (
          <DelayedSpinner />
        ) : (
          <EmptyState icon="inbox" title={t('app.loadFailed')} />
        )
      ) : items.length === 0 ? (
        <EmptyState icon="inbox" title={t('common.listEmpty')} />
      ) : (
        <ul className="spot-order-list" data-testid={`orders-${tab}`}>
          {items.map((order) => (
            <OrderRow
              key={order.id}
              order={order}
              instrument={instrument}
              onCancel={tab === 'open' ? () => void cancel(order) : undefined}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function OrderRow({
  order,
  instrument,
  onCancel,
}: {
  order: SpotOrder;
  instrument: Instrument;
  onCancel: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const assetInfo = useAssetInfo();
  // Prices by the tick's decimals, amounts by their asset's (quantities in base, fees in quote).
  const decimals = tickDecimals(instrument.tickSize);
  const price = (value: string) => formatPrice(value, decimals, f.lang);
  const base = assetInfo(instrument.base);
  const cancellable = order.status === 'open' || order.status === 'partial';
  return (
    <li className="spot-order" data-testid="order-row" data-status={order.status} data-id={order.id}>
      <div className="spot-order-head">
        <span className={order.side === 'buy' ? 'mk-up spot-tone' : 'mk-down spot-tone'}>
          {t(order.side === 'buy' ? 'spot.side.buy' : 'spot.side.sell')} ·{' '}
          {t(order.type === 'limit' ? 'spot.type.limit' : 'spot.type.market')}
        </span>
        <span className="spot-order-symbol">{order.symbol}</span>
        <span className={`spot-order-status status-${order.status}`}>{t(STATUS[order.status])}</span>
        {onCancel && cancellable && (
          <button type="button" className="spot-cancel" onClick={onCancel} data-testid="cancel-order">
            {t('common.cancel')}
          </button>
        )}
      </div>
      <dl className="spot-order-grid">
        <div>
          <dt>{t('spot.form.price')}</dt>
          <dd>{order.price === null ? t('spot.type.market') : price(order.price)}</dd>
        </div>
        <div>
          <dt>{t('spot.orders.filled')}</dt>
          <dd>
            {f.money(order.filled, base)} / {f.money(order.qty, base)}
          </dd>
        </div>
        <div>
          <dt>{t('spot.orders.avgPrice')}</dt>
          <dd>{order.avgPrice === null ? '--' : price(order.avgPrice)}</dd>
        </div>
        <div>
          <dt>{t('spot.orders.fee')}</dt>
          <dd>{f.money(order.fee, assetInfo(instrument.quote))}</dd>
        </div>
        <div>
          <dt>{t('spot.orders.time')}</dt>
          <dd>{f.time(order.createdAt)}</dd>
        </div>
      </dl>
    </li>
  );
}
