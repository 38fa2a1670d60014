import type { NftItem } from '@otc/protocol/nft/schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../app/pageTitle.ts';
import { FRESH } from '../money/balances.ts';
import { QueryState } from '../money/screenParts.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { MyNftsLink } from './MyNftsLink.tsx';
import { NftImage } from './NftImage.tsx';
import { nftApi, nftKeys } from './nftApi.ts';
import { OffChainNote } from './OffChainNote.tsx';
import { itemPath } from './paths.ts';
import { SoldCount } from './SoldCount.tsx';
import { usePrice } from './usePrice.ts';
import './nft.css';

/** `/pages/nft/collection?id=`: one collection, titled by its name, with its items two by two. */
export default function NftCollectionPage() {
  const { t } = useTranslation();
  const id = useSearchParams()[0].get('id') ?? '';
  const collection = useQuery({
    queryKey: nftKeys.collection(id),
    queryFn: () => nftApi.collection(id),
    ...FRESH,
  });
  usePageTitle(collection.data?.name);
  const c = collection.data;
  return (
    <div className="page-pad stack">
      {!c ? (
        <section className="card">
          <QueryState
            icon="layers"
            pending={collection.isPending}
            error={collection.error}
            onRetry={() => void collection.refetch()}
          />
        </section>
      ) : (
        <>
          {/* The name is the page's title; the header shows what else the operator gave. */}
          {(c.image || c.description) && (
            <section className="card nft-head">
              <NftImage src={c.image} />
              {c.description && <p className="nft-description">{c.description}</p>}
            </section>
          )}
          {c.items.length === 0 ? (
            <EmptyState icon="layers" title={t('nft.collection.empty')} />
          ) : (
            <ul className="nft-grid" aria-label={t('nft.collection.items')}>
              {c.items.map((item) => (
                <li key={item.id}>
                  <ItemCard item={item} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <OffChainNote />
      <MyNftsLink />
    </div>
  );
}

function ItemCard({ item }: { item: NftItem }) {
  const price = usePrice();
  return (
    <Link to={itemPath(item.id)} className="card nft-tile" data-testid={`nft-item-${item.id}`}>
      <NftImage src={item.image} size="large" />
      <span className="nft-name">{item.name}</span>
      <span className="nft-price" data-testid="nft-tile-price">
        {price(item.price)}
      </span>
      <SoldCount item={item} />
    </Link>
  );
}
