import { canonicalDecimal } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import {
  NFT_ASSET,
  type NftCollection,
  type NftItem,
  type NftOwned,
  nftImagePath,
} from '@otc/protocol/nft/schemas';
import type { CollectionRow, ItemRow, UnitRow } from './queries.ts';

/** An item as the app shows it: what is sold and left counts in the viewer's realm (live for a visitor). */
export const imageOf = (id: string | null) => (id ? nftImagePath(id) : null);

export function itemView(r: ItemRow, realm: Realm = 'live'): NftItem {
  const sold = realm === 'live' ? r.sold_live : r.sold_demo;
  return {
    id: r.id,
    collectionId: r.collection_id,
    name: r.name,
    description: r.description,
    image: imageOf(r.image_id),
    price: canonicalDecimal(r.price),
    asset: NFT_ASSET,
    supply: r.supply,
    sold,
    remaining: r.supply - sold,
  };
}

export function collectionView(c: CollectionRow, items: ItemRow[], realm: Realm = 'live'): NftCollection {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    image: imageOf(c.image_id),
    items: items.filter((i) => i.collection_id === c.id).map((i) => itemView(i, realm)),
  };
}

export function unitView(r: UnitRow): NftOwned {
  return {
    id: r.id,
    itemId: r.item_id,
    itemName: r.item_name,
    collectionId: r.collection_id,
    collectionName: r.collection_name,
    serial: r.serial,
    supply: r.supply,
    price: canonicalDecimal(r.price),
    asset: NFT_ASSET,
    journalId: r.journal_id,
    createdAt: new Date(r.created_at).toISOString(),
  };
}
