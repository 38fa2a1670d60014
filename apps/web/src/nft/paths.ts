/** The NFT pages, as area.ts names them; a collection and an item are opened by their id (`?id=`: seed §2's routes take no path parameters). */
export const NFT_PATH = '/pages/nft/index';
export const NFT_COLLECTION_PATH = '/pages/nft/collection';
export const NFT_ITEM_PATH = '/pages/nft/item';
export const MY_NFTS_PATH = '/pages/nft/mine';

export const collectionPath = (id: string) => `${NFT_COLLECTION_PATH}?${new URLSearchParams({ id })}`;
export const itemPath = (id: string) => `${NFT_ITEM_PATH}?${new URLSearchParams({ id })}`;
