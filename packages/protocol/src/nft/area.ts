import type { AreaVocabulary } from '../area.ts';

/** NFT collections and items (issue 26): what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const nftVocabulary = {
  name: 'nft',
  journalKinds: ['nft.purchase'],
  errors: {
    nft_collection_unknown: 404,
    nft_item_unknown: 404,
    nft_sold_out: 409,
    nft_supply_below_sold: 400,
    nft_supply_zero: 400,
  },
} as const satisfies AreaVocabulary;
