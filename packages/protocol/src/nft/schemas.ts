import { z } from 'zod';
import { positiveAmount } from '../amounts.ts';
import type { ErrorKey } from '../errors.ts';
import { amountText, idempotencyKey, pageBody } from '../ledger/schemas.ts';
import { NFT_ASSET } from './constants.ts';

/*
 * NFT collections and items (issue 26, PRODUCT.md "Earn": "NFT pages show the collections from
 * `getnftconfig`"). An item is sold for a USDT price (NFT_ASSET), up to its supply, one numbered unit
 * at a time; what a buyer gets is a record in this platform's books, nothing on a chain.
 */
export { NFT_ASSET };

/** The most units an item may be offered in: a number a person can count, well inside an integer column. */
export const NFT_MAX_SUPPLY = 1_000_000;
export const NFT_NAME_MAX = 100;
export const NFT_DESCRIPTION_MAX = 2000;

const recordId = z.string().regex(/^[1-9]\d{0,17}$/);
/** A name is asked for by name ("Please enter the name"), not refused as invalid. */
const name = z
  .string()
  .trim()
  .max(NFT_NAME_MAX)
  .refine((v) => v.length > 0, { params: { error: 'field_required' satisfies ErrorKey } });
const description = z.string().trim().max(NFT_DESCRIPTION_MAX);
/** Where an image the platform publishes is read (GET, no token), or null when there is none. */
const image = z.string().nullable().describe('Path of the image (GET, public), or null');
/** An operator's upload of purpose `nft` (`/api/admin/uploads`); null or absent for none. */
const imageId = z.uuid().nullable().default(null);
/** Where an image id is read, as the public image call's path says. */
export const nftImagePath = (id: string) => `/api/common/upload/public/${id}`;

export const nftItem = z.object({
  id: z.string(),
  collectionId: z.string(),
  name: z.string(),
  description: z.string(),
  image,
  price: amountText.describe(`Price of one unit in ${NFT_ASSET}`),
  asset: z.literal(NFT_ASSET),
  supply: z.number().int().describe('How many units are offered in all'),
  sold: z.number().int().describe('How many units are sold (in the caller’s realm; live for a visitor)'),
  remaining: z.number().int().describe('supply - sold: 0 is sold out'),
});
export type NftItem = z.infer<typeof nftItem>;

export const nftCollection = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image,
  items: z.array(nftItem),
});
export type NftCollection = z.infer<typeof nftCollection>;

/**
 * `/api/common/getnftconfig`: seed §7 names the call but not its fields, so it answers the listed
 * collections with their items, the same shape as the typed list.
 */
export const nftConfig = z.object({
  collections: z.array(nftCollection),
  onChain: z
    .literal(false)
    .describe('Always false: ownership is a record here, no token is minted on a chain'),
});
export type NftConfig = z.infer<typeof nftConfig>;

export const nftCollectionList = z.object({ items: z.array(nftCollection) });

export const nftCollectionBody = z.strictObject({ id: recordId });
export const nftItemBody = z.strictObject({ id: recordId });
export const nftItemDetail = nftItem.extend({ collection: z.object({ id: z.string(), name: z.string() }) });
export type NftItemDetail = z.infer<typeof nftItemDetail>;

export const nftBuyBody = z.strictObject({
  itemId: recordId,
  tradePassword: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .describe('Required of real users; demo users buy with demo funds'),
  idempotencyKey,
});
export type NftBuyBody = z.infer<typeof nftBuyBody>;

/** One unit a user owns: the item, its serial number (1 to supply) and what was paid. */
export const nftOwned = z.object({
  id: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  collectionId: z.string(),
  collectionName: z.string(),
  serial: z.number().int().describe('This unit’s number, 1 to the item’s supply, in the order sold'),
  supply: z.number().int(),
  price: amountText,
  asset: z.literal(NFT_ASSET),
  journalId: z.string().describe('The ledger transaction that paid for it'),
  createdAt: z.iso.datetime(),
});
export type NftOwned = z.infer<typeof nftOwned>;

export const nftMineBody = pageBody.strict();
export const nftOwnedPage = z.object({ items: z.array(nftOwned), total: z.number().int() });

// The back office: collections and items, listed or not, with what each has sold.
export const adminNftItem = nftItem.extend({
  listed: z.boolean(),
  soldDemo: z.number().int().describe('Units sold to demo users, with demo funds (their own count)'),
  updatedAt: z.iso.datetime(),
});
export const adminNftCollection = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image,
  listed: z.boolean(),
  items: z.array(adminNftItem),
  updatedAt: z.iso.datetime(),
});
export type AdminNftCollection = z.infer<typeof adminNftCollection>;
export const adminNftCatalogue = z.object({ items: z.array(adminNftCollection) });
export type AdminNftCatalogue = z.infer<typeof adminNftCatalogue>;

export const saveNftCollectionBody = z.strictObject({
  id: recordId.optional().describe('The collection to change; none creates one'),
  name,
  description,
  imageId,
  listed: z.boolean(),
});
export type SaveNftCollectionBody = z.infer<typeof saveNftCollectionBody>;

export const saveNftItemBody = z.strictObject({
  id: recordId.optional().describe('The item to change; none creates one'),
  collectionId: recordId,
  name,
  description,
  imageId,
  price: positiveAmount.describe(`Price of one unit in ${NFT_ASSET}, within its decimals`),
  // An item on offer has at least one unit: none is not an offer (taking it off sale is `listed`).
  supply: z
    .number()
    .int()
    .min(0)
    .max(NFT_MAX_SUPPLY)
    .refine((n) => n >= 1, { params: { error: 'nft_supply_zero' satisfies ErrorKey } }),
  listed: z.boolean(),
});
export type SaveNftItemBody = z.infer<typeof saveNftItemBody>;
