import type { WebArea } from '../app/area.ts';
import { guarded, type PageLoader } from '../app/route.ts';

/** The four pages are one chunk (NftPages.tsx says why), one loader for the four routes. */
const nftPages: PageLoader = () => import('./NftPages.tsx');

/**
 * The NFT area: its routes (behind an account, as earn's are: PRODUCT.md "Navigation" names the
 * public ones), the page of each (loaded when first visited) and its journal kind's label;
 * app/areas.ts lists each area's.
 */
export const nftArea = {
  routes: [
    guarded('/pages/nft/index', 'nft.collections.title'),
    guarded('/pages/nft/collection', 'nft.collection.title'),
    guarded('/pages/nft/item', 'nft.item.title'),
    guarded('/pages/nft/mine', 'nft.mine.title'),
  ],
  pages: {
    '/pages/nft/index': nftPages,
    '/pages/nft/collection': nftPages,
    '/pages/nft/item': nftPages,
    '/pages/nft/mine': nftPages,
  },
  journal: () => import('./journalLabels.ts'),
} satisfies WebArea;
