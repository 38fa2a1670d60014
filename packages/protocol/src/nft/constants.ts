/** What an NFT item is priced and paid in (zod-free, so the web reads it without the schemas). */
export const NFT_ASSET = 'USDT';
