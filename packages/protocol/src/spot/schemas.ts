import { z } from 'zod';
import { decimalInput } from '../amounts.ts';
import { amountText, idempotencyKey, pageBody } from '../ledger/schemas.ts';
import { symbol } from '../market/schemas.ts';

/** PRODUCT.md "Spot": limit and market orders on the crypto pairs, in the user's realm's book. */
export const spotSide = z.enum(['buy', 'sell']);
export const spotType = z.enum(['limit', 'market']);
export const spotStatus = z.enum(['open', 'partial', 'filled', 'cancelled']);
export type SpotStatus = z.infer<typeof spotStatus>;

export const placeSpotOrderBody = z.strictObject({
  symbol,
  side: spotSide,
  type: spotType,
  price: decimalInput.optional().describe('Limit price in quote; refused on market orders'),
  qty: decimalInput.describe('Quantity in base'),
  idempotencyKey,
});
export type PlaceSpotOrderBody = z.infer<typeof placeSpotOrderBody>;

export const spotOrder = z.object({
  id: z.string(),
  symbol: z.string(),
  side: spotSide,
  type: spotType,
  price: amountText.nullable(),
  qty: amountText,
  filled: amountText,
  avgPrice: amountText.nullable(),
  fee: amountText.describe('Fees paid, in quote'),
  status: spotStatus,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SpotOrder = z.infer<typeof spotOrder>;

export const cancelSpotOrderBody = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });
export const spotOrdersBody = pageBody.extend({ symbol: symbol.optional() });
export const spotOrderPage = z.object({ items: z.array(spotOrder), total: z.number().int() });

export const spotTrade = z.object({
  id: z.string(),
  price: amountText,
  qty: amountText,
  takerSide: spotSide,
  time: z.iso.datetime(),
});
export type SpotTrade = z.infer<typeof spotTrade>;
export const spotFill = spotTrade.extend({ fee: amountText, liquidity: z.enum(['maker', 'taker']) });
export const spotOrderDetail = z.object({ order: spotOrder, fills: z.array(spotFill) });
export const bookRealm = z
  .enum(['live', 'demo'])
  .default('live')
  .describe('The demo book is separate from the live one');
export const spotTradesBody = z.object({
  symbol,
  limit: z.number().int().min(1).max(100).default(50),
  realm: bookRealm,
});
export const spotTradeList = z.object({ items: z.array(spotTrade) });
export const spotDepthBody = z.object({
  symbol,
  levels: z.number().int().min(1).max(50).default(20),
  realm: bookRealm,
});
export const spotDepth = z.object({
  symbol: z.string(),
  bids: z.array(z.tuple([amountText, amountText])),
  asks: z.array(z.tuple([amountText, amountText])),
});
export type SpotDepth = z.infer<typeof spotDepth>;
