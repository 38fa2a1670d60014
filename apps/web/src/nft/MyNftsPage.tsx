import type { NftOwned } from '@otc/protocol/nft/schemas';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../money/useFormat.ts';
import { InfiniteList } from '../ui/InfiniteList.tsx';
import { nftApi, nftKeys } from './nftApi.ts';
import { OffChainNote } from './OffChainNote.tsx';
import { itemPath, NFT_PATH } from './paths.ts';
import { usePrice } from './usePrice.ts';
import '../money/money.css';
import './nft.css';

/** `/pages/nft/mine`: the units the user owns, newest first, each with its serial number of the item's supply. */
export default function MyNftsPage() {
  const { t } = useTranslation();
  return (
    <div className="page-pad stack">
      <OffChainNote />
      <section className="card nft-owned-list">
        <InfiniteList<NftOwned>
          queryKey={nftKeys.mine}
          fetchPage={nftApi.mine}
          itemKey={(u) => u.id}
          emptyIcon="layers"
          renderItem={(u) => <UnitRow unit={u} />}
        />
      </section>
      <Link to={NFT_PATH} className="btn btn-secondary btn-block" data-testid="nft-browse">
        {t('nft.collections.title')}
      </Link>
    </div>
  );
}

function UnitRow({ unit }: { unit: NftOwned }) {
  const { t } = useTranslation();
  const f = useFormat();
  const price = usePrice();
  return (
    <Link to={itemPath(unit.itemId)} className="record nft-unit" data-testid={`nft-owned-${unit.id}`}>
      <span className="record-main">
        <span className="nft-name" data-testid="nft-unit-name">
          {unit.itemName}
        </span>
        <span className="record-sub">{unit.collectionName}</span>
        <span className="record-sub">{f.time(unit.createdAt)}</span>
      </span>
      <span className="nft-unit-side">
        <span className="nft-serial" data-testid="nft-unit-serial">
          {t('nft.mine.serial', {
            serial: f.amount(String(unit.serial)),
            supply: f.amount(String(unit.supply)),
          })}
        </span>
        <span className="record-sub" data-testid="nft-unit-price">
          {price(unit.price)}
        </span>
      </span>
    </Link>
  );
}
