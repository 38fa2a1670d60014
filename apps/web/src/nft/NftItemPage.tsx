import type { NftItemDetail } from '@otc/protocol/nft/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../app/pageTitle.ts';
import { FRESH } from '../money/balances.ts';
import { KeyValueRow, QueryState } from '../money/screenParts.ts';
import { Button } from '../ui/Button.tsx';
import { BuySheet } from './BuySheet.tsx';
import { MyNftsLink } from './MyNftsLink.tsx';
import { NftImage } from './NftImage.tsx';
import { nftApi, nftKeys } from './nftApi.ts';
import { OffChainNote } from './OffChainNote.tsx';
import { collectionPath } from './paths.ts';
import { SoldCount } from './SoldCount.tsx';
import { usePrice } from './usePrice.ts';
import './nft.css';

/**
 * `/pages/nft/item?id=`: one item, titled by its name: its artwork, description, price in USDT and
 * units sold of its supply, and Buy (a confirm sheet first).
 */
export default function NftItemPage() {
  const id = useSearchParams()[0].get('id') ?? '';
  const item = useQuery({ queryKey: nftKeys.item(id), queryFn: () => nftApi.item(id), ...FRESH });
  usePageTitle(item.data?.name);
  return (
    <div className="page-pad stack">
      {item.data ? (
        <ItemView item={item.data} />
      ) : (
        <section className="card">
          <QueryState
            icon="layers"
            pending={item.isPending}
            error={item.error}
            onRetry={() => void item.refetch()}
          />
        </section>
      )}
      <OffChainNote />
      <MyNftsLink />
    </div>
  );
}

function ItemView({ item }: { item: NftItemDetail }) {
  const { t } = useTranslation();
  const price = usePrice();
  const [buying, setBuying] = useState(false);
  return (
    <section className="card nft-item stack">
      <NftImage src={item.image} size="large" />
      <div>
        <h2 className="nft-name nft-item-name" data-testid="nft-item-name">
          {item.name}
        </h2>
        <Link to={collectionPath(item.collection.id)} className="nft-collection-link">
          {item.collection.name}
        </Link>
      </div>
      {item.description && (
        <p className="nft-description" data-testid="nft-item-description">
          {item.description}
        </p>
      )}
      <div>
        <KeyValueRow label={t('nft.price')} testId="nft-item-price">
          {price(item.price)}
        </KeyValueRow>
        <KeyValueRow label={t('nft.units')}>
          <SoldCount item={item} />
        </KeyValueRow>
      </div>
      <BuyButton item={item} onBuy={() => setBuying(true)} />
      {buying && <BuySheet item={item} onClose={() => setBuying(false)} />}
    </section>
  );
}

/** A sold-out item cannot be bought. */
function BuyButton({ item, onBuy }: { item: NftItemDetail; onBuy: () => void }) {
  const { t } = useTranslation();
  return (
    <Button block disabled={item.remaining === 0} onClick={onBuy} data-testid="nft-buy">
      {item.remaining === 0 ? t('nft.soldOut') : t('nft.buy.action')}
    </Button>
  );
}
