import { z } from 'zod';
import { decimalInput } from '../amounts.ts';
import { amountText, idempotencyKey } from '../ledger/schemas.ts';
import { SECONDS_PERIODS } from './constants.ts';

export const secondsDirection = z.enum(['up', 'down']);
export type SecondsDirection = z.infer<typeof secondsDirection>;

/** A period with its profit ratio and the hit rate the buyer needs to break even, 1 / (1 + ratio). */
export const secondsPeriod = z.object({
  seconds: z.number().int(),
  ratio: amountText.describe('Profit ratio: 0.8 pays 80% of the stake on a win'),
  breakEven: amountText.describe('1 / (1 + ratio): the share of contracts a buyer must win to break even'),
});
export type SecondsPeriod = z.infer<typeof secondsPeriod>;

export const secondsProduct = z.object({
  symbol: z.string(),
  periods: z.array(secondsPeriod),
});

/** What the order screen shows before buying: the instruments, the stake range, the risk. */
export const secondsProducts = z.object({
  asset: z.string(),
  minStake: amountText,
  maxStake: amountText,
  products: z.array(secondsProduct),
  lossShare: z
    .object({
      share: amountText.describe('Accounts with a net loss over all that settled a contract, 0..1'),
      accounts: z.number().int(),
      days: z.number().int(),
    })
    .nullable()
    .describe('Null until enough accounts traded in the window'),
});
export type SecondsProducts = z.infer<typeof secondsProducts>;

/** Whether the caller may buy, and if not why (translated). */
export const secondsAccess = z.object({
  allowed: z.boolean(),
  reason: z.enum(['seconds_product_off', 'seconds_country_off']).nullable(),
  message: z.string().nullable(),
});
export type SecondsAccess = z.infer<typeof secondsAccess>;

export const placeSecondsBody = z.strictObject({
  symbol: z.string().min(1).max(32),
  direction: secondsDirection,
  period: z.number().int().positive().max(86_400),
  stake: decimalInput,
  idempotencyKey,
});
export type PlaceSecondsBody = z.infer<typeof placeSecondsBody>;

/** An index tick as stored with the order: the feed, the time it was made, the price. */
export const secondsTick = z.object({
  price: amountText,
  ts: z.iso.datetime(),
  source: z.string().nullable(),
});
export type SecondsTick = z.infer<typeof secondsTick>;

/**
 * `opening`: accepted, waiting for its buy tick (the first index tick after acceptance);
 * `trading`: bought, before delivery; `settling`: delivery passed, settlement on its way;
 * `completed`: settled.
 */
export const secondsStatus = z.enum(['opening', 'trading', 'settling', 'completed']);
export type SecondsStatus = z.infer<typeof secondsStatus>;

export const secondsOrder = z.object({
  id: z.string(),
  symbol: z.string(),
  direction: secondsDirection,
  period: z.number().int(),
  ratio: amountText,
  stake: amountText,
  asset: z.string(),
  /** What a win pays back: stake x (1 + ratio). */
  winPayout: amountText,
  status: secondsStatus,
  acceptedAt: z.iso.datetime(),
  buy: secondsTick.nullable(),
  deliveryAt: z.iso.datetime().nullable(),
  settle: secondsTick.nullable(),
  result: z.enum(['win', 'loss', 'refund']).nullable(),
  /** Why a refund: equal prices, no second tick in the period, or no buy tick within the start window. */
  refundReason: z.enum(['equal', 'too_few_ticks', 'no_start_tick']).nullable(),
  /** What came back to the contract account at settlement (0 on a loss). */
  returned: amountText.nullable(),
  /** Profit or loss against the stake, signed. */
  pnl: z.string().nullable(),
  settledAt: z.iso.datetime().nullable(),
});
export type SecondsOrder = z.infer<typeof secondsOrder>;

export const secondsOrdersBody = z.strictObject({
  status: z.enum(['open', 'completed']).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export const secondsOrdersPage = z.object({ items: z.array(secondsOrder), total: z.number().int() });
export const secondsOrderBody = z.strictObject({ id: z.string().regex(/^\d{1,19}$/) });

/**
 * What a user needs to recompute a settled contract's ticks (decision 0142): the stretch of the
 * index's hash chain from the buy tick to the end of the settlement tick's minute, the hash before
 * it, and each minute's published head. `available: false` when the ticks are no longer kept
 * (two days), were stored before the chain began, or the contract has not settled on two ticks.
 */
const chainedTick = z.object({
  ts: z.number().int(),
  price: amountText,
  source: z.string(),
  seq: z.string().regex(/^\d+$/),
  hash: z.string(),
  /** The venue trade the tick came from (a venue feed), hashed with it (decision 0152). */
  trade: z.object({ venue: z.string(), id: z.string() }).optional(),
});
export const secondsProof = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    symbol: z.string(),
    previous: z.string(),
    ticks: z.array(chainedTick),
    heads: z.array(z.object({ minute: z.number().int(), hash: z.string() })),
  }),
  z.object({ available: z.literal(false), reason: z.enum(['not_settled', 'not_kept']) }),
]);
export type SecondsProof = z.infer<typeof secondsProof>;

// The back office.
export const adminSecondsSettings = z.object({
  enabled: z.boolean(),
  blockedCountries: z.array(z.string()),
  instruments: z.array(z.object({ symbol: z.string(), periods: z.array(secondsPeriod) })),
  openContracts: z.number().int(),
});
export type AdminSecondsSettings = z.infer<typeof adminSecondsSettings>;

const country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/)
  .transform((c) => c.toUpperCase());
export const adminSecondsSwitchBody = z.strictObject({
  enabled: z.boolean(),
  blockedCountries: z.array(country).max(250),
});
export const adminSecondsRatiosBody = z.strictObject({
  symbol: z.string().min(1).max(32),
  periods: z
    .array(
      z.object({
        seconds: z
          .number()
          .int()
          .refine((s) => (SECONDS_PERIODS as readonly number[]).includes(s)),
        ratio: decimalInput,
      }),
    )
    .min(1)
    .max(SECONDS_PERIODS.length),
});
export type AdminSecondsRatiosBody = z.infer<typeof adminSecondsRatiosBody>;
