import { nftAdminEndpoints as admin } from '@otc/protocol/nft/endpoints';
import type { SaveNftCollectionBody, SaveNftItemBody } from '@otc/protocol/nft/schemas';
import { call } from '../api/call.ts';

export const nftKeys = { catalogue: ['admin', 'nft', 'catalogue'] as const };

/** The back office's NFT calls: one catalogue (every collection with its items) and the two saves. */
export const nftApi = {
  catalogue: (signal?: AbortSignal) => call(admin.catalogue, undefined, signal),
  saveCollection: (body: SaveNftCollectionBody) => call(admin.saveCollection, body),
  saveItem: (body: SaveNftItemBody) => call(admin.saveItem, body),
};
