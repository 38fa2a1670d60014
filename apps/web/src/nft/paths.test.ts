import { describe, expect, it } from 'vitest';
import { nftArea } from './area.ts';
import {
  collectionPath,
  itemPath,
  MY_NFTS_PATH,
  NFT_COLLECTION_PATH,
  NFT_ITEM_PATH,
  NFT_PATH,
} from './paths.ts';

describe('the NFT pages’ paths', () => {
  it('are the area’s routes, each behind an account (PRODUCT.md “Navigation” names the public ones)', () => {
    const routes = new Map(nftArea.routes.map((r) => [r.path, r.public]));
    expect(routes).toEqual(
      new Map([
        [NFT_PATH, false],
        [NFT_COLLECTION_PATH, false],
        [NFT_ITEM_PATH, false],
        [MY_NFTS_PATH, false],
      ]),
    );
    // One chunk for the four (NftPages.tsx): one loader.
    expect(new Set(Object.values(nftArea.pages)).size).toBe(1);
    expect(Object.keys(nftArea.pages).sort()).toEqual([...routes.keys()].sort());
  });

  it('open a collection and an item by their id in the query', () => {
    expect(collectionPath('12')).toBe('/pages/nft/collection?id=12');
    expect(itemPath('7')).toBe('/pages/nft/item?id=7');
  });
});
