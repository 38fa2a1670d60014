import { z } from 'zod';
import { positiveAmount } from '../amounts.ts';
import { amountText, assetCode, idempotencyKey, pageBody } from '../ledger/schemas.ts';

/** PRODUCT.md: a flash exchange quotes at the index price with a 0.1% spread, valid 10 s. */
export const EXCHANGE_SPREAD = '0.001';
export const QUOTE_TTL_SECONDS = 10;

export const quoteBody = z.strictObject({ from: assetCode, to: assetCode, amount: positiveAmount });
export type QuoteBody = z.infer<typeof quoteBody>;

export const quote = z.object({
  id: z.uuid(),
  from: z.string(),
  to: z.string(),
  fromAmount: amountText,
  toAmount: amountText.describe('What the user receives: index rate less the spread, rounded down'),
  rate: amountText.describe('Index price of `from` in `to`, before the spread'),
  spread: amountText,
  expiresAt: z.iso.datetime(),
  ttlSeconds: z.number().int(),
});
export type Quote = z.infer<typeof quote>;

export const executeBody = z.strictObject({ quoteId: z.uuid(), idempotencyKey });
export type ExecuteBody = z.infer<typeof executeBody>;

export const exchangeRecord = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  fromAmount: amountText,
  toAmount: amountText,
  rate: amountText,
  createdAt: z.iso.datetime(),
});
export type ExchangeRecord = z.infer<typeof exchangeRecord>;
export const exchangeLogBody = pageBody;
export const exchangePage = z.object({ items: z.array(exchangeRecord), total: z.number().int() });
