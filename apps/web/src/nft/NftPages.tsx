import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import MyNftsPage from './MyNftsPage.tsx';
import NftCollectionPage from './NftCollectionPage.tsx';
import NftCollectionsPage from './NftCollectionsPage.tsx';
import NftItemPage from './NftItemPage.tsx';
import { MY_NFTS_PATH, NFT_COLLECTION_PATH, NFT_ITEM_PATH } from './paths.ts';

/**
 * The area's four pages as one chunk, chosen by the route (as home is one page at two): each lazy
 * page the route table names costs the first route its loader, its chunk's name and its preload
 * list, and the four are small and visited together.
 */
const PAGES: Readonly<Record<string, ComponentType>> = {
  [NFT_COLLECTION_PATH]: NftCollectionPage,
  [NFT_ITEM_PATH]: NftItemPage,
  [MY_NFTS_PATH]: MyNftsPage,
};

/** The route's page; the collections at `/pages/nft/index` (NFT_PATH). */
export default function NftPages() {
  const Page = PAGES[useLocation().pathname] ?? NftCollectionsPage;
  return <Page />;
}
