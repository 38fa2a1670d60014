import { z } from 'zod';
import { decimalInput } from '../amounts.ts';
import { amountText } from '../ledger/schemas.ts';
import { symbol } from '../market/schemas.ts';

/**
 * VIP fee levels (PRODUCT.md: "VIP0 to VIP5 by 30-day volume lower trading fees"). Volumes are
 * USDT decimal strings; a fee multiplier is a decimal in (0, 1] that the instrument's fee rates
 * are multiplied by (rounded down in the user's favour).
 */
export const VIP_LEVEL_COUNT = 6;
/** The instrument whose fees the VIP page shows when none is asked for. */
export const VIP_FEE_SYMBOL = 'BTC/USDT';

export const vipLevel = z
  .number()
  .int()
  .min(0)
  .max(VIP_LEVEL_COUNT - 1);

export const vipTier = z.object({
  level: vipLevel,
  minVolume: amountText.describe('Least 30-day spot volume in USDT that reaches the level'),
  feeMultiplier: amountText.describe('Fee rates are multiplied by this, in (0, 1]: 0.9 is 10% off'),
});
export type VipTier = z.infer<typeof vipTier>;

export const vipScheduleRow = vipTier.extend({
  makerFee: amountText.describe('Maker fee rate at this level on `symbol` (0.0009 is 0.09%)'),
  takerFee: amountText.describe('Taker fee rate at this level on `symbol`'),
});
export type VipScheduleRow = z.infer<typeof vipScheduleRow>;

export const vipInfoBody = z.strictObject({
  symbol: symbol.optional().describe(`Spot instrument whose fees to show; ${VIP_FEE_SYMBOL} by default`),
});
export type VipInfoBody = z.infer<typeof vipInfoBody>;

export const vipInfo = z.object({
  level: vipLevel,
  volume30d: amountText.describe(
    'Quote notional (USDT) of the spot trades of the last 30 days, as maker or taker',
  ),
  feeMultiplier: amountText,
  next: z
    .object({
      level: vipLevel,
      minVolume: amountText,
      remaining: amountText.describe('30-day volume still needed to reach it'),
    })
    .nullable()
    .describe('The level above, or null at VIP5'),
  progress: amountText.describe('volume30d / next.minVolume from 0 to 1, rounded down; 1 at the top level'),
  computedAt: z.iso.datetime().nullable().describe('When levels were last worked out (hourly)'),
  symbol: z.string(),
  makerFee: amountText.describe("The caller's maker fee rate on `symbol` now"),
  takerFee: amountText.describe("The caller's taker fee rate on `symbol` now"),
  schedule: z.array(vipScheduleRow),
});
export type VipInfo = z.infer<typeof vipInfo>;

// The back office: read and edit the schedule.
export const adminVipLevel = vipTier.extend({
  users: z.number().int().describe('Users at this level now'),
  updatedAt: z.iso.datetime(),
});
export type AdminVipLevel = z.infer<typeof adminVipLevel>;
export const adminVipSchedule = z.object({
  items: z.array(adminVipLevel),
  computedAt: z.iso.datetime().nullable(),
});
export type AdminVipSchedule = z.infer<typeof adminVipSchedule>;

export const updateVipScheduleBody = z.strictObject({
  levels: z
    .array(
      z.strictObject({
        level: z.number().int(),
        minVolume: decimalInput,
        feeMultiplier: decimalInput,
      }),
    )
    .max(20)
    .describe('The whole schedule: VIP0 to VIP5 once each'),
});
export type UpdateVipScheduleBody = z.infer<typeof updateVipScheduleBody>;
