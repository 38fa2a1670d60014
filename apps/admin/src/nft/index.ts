import type { AdminArea } from '../app/area.ts';
import { NftCollectionPage } from './NftCollectionPage.tsx';
import { NftCollectionsPage } from './NftCollectionsPage.tsx';
import { nftTexts } from './texts.ts';

/** NFT collections and items (issue 26, decision 0124): what the NFT pages offer, with units sold. */
export const nftArea: AdminArea = {
  routes: [
    { path: 'nft', Component: NftCollectionsPage },
    { path: 'nft/:id', Component: NftCollectionPage },
  ],
  nav: [{ to: '/nft', label: nftTexts.nft.collections.nav }],
};
