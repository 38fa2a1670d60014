import { EARN_KINDS, type EarnKind } from '@otc/protocol/earn/constants';
import type { EarnProduct } from '@otc/protocol/earn/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FRESH } from '../money/balances.ts';
import { displayRate } from '../money/rate.ts';
import { KeyValueRow, QueryState, Tabs } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { NFT_PATH } from '../nft/index.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Icon } from '../ui/Icon.tsx';
import { earnApi, earnKeys } from './earnApi.ts';
import { MySubscriptions } from './MySubscriptions.tsx';
import { SubscribeSheet } from './SubscribeSheet.tsx';
import './earn.css';

const KIND_LABELS = {
  managed: 'earn.escrowOrders.kinds.managed',
  arbitrage: 'earn.escrowOrders.kinds.arbitrage',
  mining: 'earn.escrowOrders.kinds.mining',
} as const;

/**
 * `/pages/earn/escrowOrders`: the earn products by kind (managed, arbitrage, mining), each with its
 * daily rate, cycle and amount range; subscribing in a sheet that shows the yield first; then the
 * user's subscriptions with their profit and early redemption.
 */
export default function EscrowOrdersPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<EarnKind>('managed');
  const [chosen, setChosen] = useState<EarnProduct | null>(null);
  const products = useQuery({
    queryKey: earnKeys.products(kind),
    queryFn: () => earnApi.products(kind),
    ...FRESH,
  });
  return (
    <div className="page-pad stack">
      <NftEntry />
      <Tabs
        tabs={EARN_KINDS.map((id) => ({ id, label: t(KIND_LABELS[id]) }))}
        value={kind}
        onChange={setKind}
        testIdPrefix="earn-kind-"
        label={t('earn.escrowOrders.title')}
        variant="segmented"
      />
      {products.data ? (
        products.data.items.length === 0 ? (
          <EmptyState icon="earn" title={t('earn.escrowOrders.noProducts')} />
        ) : (
          products.data.items.map((p) => (
            <ProductCard key={p.id} product={p} onSubscribe={() => setChosen(p)} />
          ))
        )
      ) : (
        <section className="card">
          <QueryState
            pending={products.isPending}
            error={products.error}
            onRetry={() => void products.refetch()}
          />
        </section>
      )}
      <MySubscriptions />
      {chosen && <SubscribeSheet product={chosen} onClose={() => setChosen(null)} />}
    </div>
  );
}

/** The NFT collections sit beside the earn products (PRODUCT.md "Earn"; decision 0124's addendum). */
function NftEntry() {
  const { t } = useTranslation();
  return (
    <nav className="menu" aria-label={t('nft.collections.title')}>
      <Link to={NFT_PATH} className="menu-row" data-testid="earn-nft-link">
        <Icon name="layers" size={20} />
        <span className="menu-row-main">
          <span>{t('nft.collections.title')}</span>
          <span className="menu-row-sub">{t('nft.collections.entryHint')}</span>
        </span>
        <Icon name="chevron" size={18} />
      </Link>
    </nav>
  );
}

function ProductCard({ product, onSubscribe }: { product: EarnProduct; onSubscribe: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const rate =
    product.rateMin === product.rateMax
      ? displayRate(product.rateMin, f.lang)
      : `${displayRate(product.rateMin, f.lang)} – ${displayRate(product.rateMax, f.lang)}`;
  return (
    <section className="card earn-product" data-testid={`earn-product-${product.id}`}>
      <h2 className="earn-product-name">{product.name}</h2>
      <div className="earn-product-rate" data-testid="earn-product-rate">
        <span className="earn-rate-value">{rate}</span>
        <span className="earn-rate-label">{t('earn.escrowOrders.dailyRate')}</span>
      </div>
      <KeyValueRow label={t('earn.escrowOrders.cycle')} testId="earn-product-cycle">
        {t('earn.escrowOrders.days', { days: product.cycleDays })}
      </KeyValueRow>
      <KeyValueRow label={t('earn.escrowOrders.limits')} testId="earn-product-limits">
        {f.usdt(product.minAmount)} – {f.usdt(product.maxAmount)} {product.asset}
      </KeyValueRow>
      <Button block onClick={onSubscribe} data-testid="earn-subscribe">
        {t('earn.escrowOrders.subscribe')}
      </Button>
    </section>
  );
}
