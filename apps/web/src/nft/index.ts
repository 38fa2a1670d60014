/** The NFT area: what other screens link to (the earn screen opens the collections). */
export { NFT_PATH } from './paths.ts';
