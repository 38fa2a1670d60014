import { z } from 'zod';
import { decimalInput, positiveAmount } from '../amounts.ts';
import { amountText, idempotencyKey } from '../ledger/schemas.ts';
import { EARN_KINDS } from './constants.ts';

export const earnKind = z.enum(EARN_KINDS);

/** A product as users see it: its range, cycle, daily rate (or range) and early-redemption penalty. */
export const earnProduct = z.object({
  id: z.string(),
  kind: earnKind,
  name: z.string(),
  asset: z.string(),
  minAmount: amountText,
  maxAmount: amountText,
  cycleDays: z.number().int(),
  rateMin: amountText.describe('The daily rate at the minimum amount (0.005 is 0.5% a day)'),
  rateMax: amountText.describe('The daily rate at the maximum amount; equal to rateMin for one rate'),
  penaltyRate: amountText.describe(
    'Early redemption keeps back principal x this, never more than the yield already paid',
  ),
});
export type EarnProduct = z.infer<typeof earnProduct>;
export const earnProducts = z.object({ items: z.array(earnProduct) });
export type EarnProducts = z.infer<typeof earnProducts>;

export const earnProductsBody = z.strictObject({ kind: earnKind.optional() });

/** The seed's `/api/common/cryptofinance`: the same products under `list`, as the seed's lists are. */
export const cryptofinance = z.object({ list: z.array(earnProduct) });

export const earnSubscribeBody = z.strictObject({
  productId: z.string().regex(/^\d{1,19}$/),
  amount: positiveAmount,
  /** Live users' transaction password; a demo user (play money, no password of any kind) sends none. */
  tradePassword: z.string().min(1).max(128).optional(),
  idempotencyKey,
});
export type EarnSubscribeBody = z.infer<typeof earnSubscribeBody>;

/**
 * Seed §4's managed-order states: `pending` (subscribed, its first earning day not begun),
 * `in_progress` (earning; the principal locked), `ended` (matured or redeemed early). "In escrow"
 * and "locked" are every subscription not ended: its principal is held.
 */
export const earnStatus = z.enum(['pending', 'in_progress', 'ended']);
export type EarnStatus = z.infer<typeof earnStatus>;

export const earnSubscription = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  kind: earnKind,
  asset: z.string(),
  amount: amountText.describe('The principal, locked in the funding account until the end'),
  cycleDays: z.number().int(),
  dailyRate: amountText.describe('Fixed at subscription'),
  dailyYield: amountText.describe('amount x dailyRate, rounded down to 8 places'),
  status: earnStatus,
  locked: z.boolean().describe('Whether the principal is still held (in escrow)'),
  endReason: z.enum(['matured', 'redeemed']).nullable(),
  subscribedAt: z.iso.datetime(),
  startDate: z.iso.date().describe('The first day earning (the day after subscribing, UTC)'),
  endDate: z.iso.date().describe('The last day earning; principal comes back at 00:00 UTC after it'),
  nextPayoutAt: z.iso.datetime().nullable().describe('When the next day’s yield is paid; null once ended'),
  cumulativeProfit: amountText.describe('Yield paid so far'),
  todayProfit: amountText.describe('Yield paid today (UTC): the day that ended at 00:00'),
  expectedEarnings: amountText.describe('dailyYield x cycleDays'),
  totalEarnings: amountText.describe('Yield paid less any early-redemption penalty'),
  penaltyRate: amountText.describe(
    'The early-redemption penalty rate, copied from the product at subscription (a later change never reaches it)',
  ),
  penalty: amountText.nullable().describe('Kept back at an early redemption; null unless redeemed'),
  remainingDays: z.number().int().describe('Earning days not yet over'),
  endedAt: z.iso.datetime().nullable(),
});
export type EarnSubscription = z.infer<typeof earnSubscription>;

export const earnSubscriptionsBody = z.strictObject({
  status: z.enum(['open', 'ended']).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export const earnSubscriptionsPage = z.object({ items: z.array(earnSubscription), total: z.number().int() });

export const earnRedeemBody = z.strictObject({
  id: z.string().regex(/^\d{1,19}$/),
  /** Live users' transaction password; a demo user (play money, no password of any kind) sends none. */
  tradePassword: z.string().min(1).max(128).optional(),
  idempotencyKey,
});
export type EarnRedeemBody = z.infer<typeof earnRedeemBody>;

// The back office.
export const adminEarnProduct = earnProduct.extend({
  status: z.enum(['open', 'closed']),
  activeSubscriptions: z.number().int(),
  lockedPrincipal: amountText,
});
export type AdminEarnProduct = z.infer<typeof adminEarnProduct>;
export const adminEarnProducts = z.object({ items: z.array(adminEarnProduct) });

export const adminEarnProductBody = z.strictObject({
  /** Absent: a new product; present: that product's settings, for new subscriptions only. */
  id: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
  kind: earnKind,
  name: z.string().trim().min(1).max(80),
  minAmount: positiveAmount,
  maxAmount: positiveAmount,
  cycleDays: z.number().int().min(1).max(3650),
  rateMin: decimalInput,
  rateMax: decimalInput,
  penaltyRate: decimalInput,
  status: z.enum(['open', 'closed']),
});
export type AdminEarnProductBody = z.infer<typeof adminEarnProductBody>;
