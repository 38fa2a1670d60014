import type { NftCollection } from '@otc/protocol/nft/schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../money/screenParts.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Icon } from '../ui/Icon.tsx';
import { MyNftsLink } from './MyNftsLink.tsx';
import { NftImage } from './NftImage.tsx';
import { nftApi, nftKeys } from './nftApi.ts';
import { OffChainNote } from './OffChainNote.tsx';
import { collectionPath } from './paths.ts';
import { lowestPrice } from './prices.ts';
import { usePrice } from './usePrice.ts';
import './nft.css';

/** `/pages/nft/index`: the collections `getnftconfig` lists (PRODUCT.md "Earn"), each opening its items. */
export default function NftCollectionsPage() {
  const { t } = useTranslation();
  const config = useQuery({ queryKey: nftKeys.collections, queryFn: nftApi.config });
  return (
    <div className="page-pad stack">
      <OffChainNote />
      <MyNftsLink />
      {!config.data ? (
        <section className="card">
          <QueryState
            icon="layers"
            pending={config.isPending}
            error={config.error}
            onRetry={() => void config.refetch()}
          />
        </section>
      ) : config.data.collections.length === 0 ? (
        <EmptyState icon="layers" title={t('nft.collections.empty')} />
      ) : (
        config.data.collections.map((c) => <CollectionCard key={c.id} collection={c} />)
      )}
    </div>
  );
}

function CollectionCard({ collection: c }: { collection: NftCollection }) {
  const { t } = useTranslation();
  const price = usePrice();
  const cheapest = lowestPrice(c.items);
  return (
    <Link to={collectionPath(c.id)} className="card nft-collection" data-testid={`nft-collection-${c.id}`}>
      <NftImage src={c.image} />
      <span className="nft-collection-main">
        <span className="nft-name">{c.name}</span>
        {c.description && <span className="nft-collection-text">{c.description}</span>}
        <span className="nft-collection-meta" data-testid="nft-collection-meta">
          {t('nft.collections.items', { count: c.items.length })}
          {cheapest !== null && ` · ${t('nft.collections.from', { price: price(cheapest) })}`}
        </span>
      </span>
      <Icon name="chevron" size={18} />
    </Link>
  );
}
