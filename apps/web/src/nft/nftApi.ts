import { nftEndpoints as nft } from '@otc/protocol/nft/endpoints';
import type { NftBuyBody } from '@otc/protocol/nft/schemas';
import { call } from '../api/call.ts';
import { MONEY } from '../money/keys.ts';

/**
 * What is offered sits under `nft` (a purchase changes an item's count: refreshed after it); the
 * units a user owns under the money keys, since a purchase moves money and `useMoneyMoved` refreshes
 * them with the balances.
 */
export const nftKeys = {
  all: ['nft'] as const,
  collections: ['nft', 'collections'] as const,
  collection: (id: string) => ['nft', 'collection', id] as const,
  item: (id: string) => ['nft', 'item', id] as const,
  mine: [MONEY, 'nft', 'mine'] as const,
};

export const nftApi = {
  /** The seed's `getnftconfig`: the listed collections with their items, and `onChain: false`. */
  config: () => call(nft.config, {}),
  collection: (id: string) => call(nft.collection, { id }, { toast: false }),
  item: (id: string) => call(nft.item, { id }, { toast: false }),
  /** Refusals land where the sheet shows them (useMoneyForm's `fail`), so the client does not toast them too. */
  buy: (body: NftBuyBody) => call(nft.buy, body, { toast: false }),
  mine: (page: number, pageSize: number) => call(nft.mine, { page, pageSize }),
};
