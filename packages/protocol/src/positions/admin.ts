import { z } from 'zod';
import { pageQuery } from '../admin/schemas.ts';
import { decimalInput } from '../amounts.ts';
import { contract } from '../contract.ts';
import { endpoints, routesOn } from '../endpoint.ts';
import { amountText, realm } from '../ledger/schemas.ts';
import { signedDecimal, symbol } from '../market/schemas.ts';

/**
 * Leveraged positions in the back office (issue 16): the dealer's net exposure per instrument and
 * realm against its cap, the insurance fund, each instrument's position rules (edited by admins,
 * audited) and the open positions by user. Amounts are decimal strings, times ms since the epoch.
 */
const ms = z.number().int();
const product = z.enum(['perp', 'cfd']);

export const exposureRow = z.object({
  symbol: z.string(),
  product,
  realm,
  longLots: amountText,
  shortLots: amountText,
  /** Long lots less short lots: what the dealer holds against its users (signed). */
  netExposure: signedDecimal,
  exposureCap: amountText,
  openPositions: z.number().int(),
  /** Perpetuals: the rate the next funding time charges (+: longs pay) and when. */
  fundingRate: signedDecimal.nullable(),
  nextFundingAt: ms.nullable(),
});
export type ExposureRow = z.infer<typeof exposureRow>;

export const fundBalance = z.object({ realm, balance: signedDecimal });
export const positionsOverview = z.object({
  exposure: z.array(exposureRow),
  /** The insurance fund per realm (USDT): liquidation fees in, deficits out. */
  insurance: z.array(fundBalance),
  /** The dealer's account per realm (USDT): the users' losses in, their profits out. */
  dealer: z.array(fundBalance),
});
export type PositionsOverview = z.infer<typeof positionsOverview>;

export const bracketRow = z.object({ notionalUpTo: amountText.nullable(), rate: amountText });
export const adminPositionRules = z.object({
  symbol: z.string(),
  product,
  spread: amountText,
  minLots: amountText,
  brackets: z.array(bracketRow),
  liquidationFeeRate: amountText,
  liquidationFeeCap: amountText,
  fundingIntervalHours: z.number().int(),
  fundingClamp: amountText,
  exposureCap: amountText,
});
export type AdminPositionRules = z.infer<typeof adminPositionRules>;
export const adminPositionRulesList = z.object({ items: z.array(adminPositionRules) });

/** Hours that divide a day, so funding falls at the same times every day (8: 00, 08, 16 UTC). */
export const FUNDING_INTERVALS = [1, 2, 3, 4, 6, 8, 12, 24] as const;

export const updatePositionRulesBody = z.strictObject({
  symbol,
  spread: decimalInput.optional(),
  brackets: z
    .array(z.object({ notionalUpTo: decimalInput.nullable(), rate: decimalInput }))
    .min(1)
    .max(20)
    .optional(),
  liquidationFeeRate: decimalInput.optional(),
  liquidationFeeCap: decimalInput.optional(),
  fundingIntervalHours: z
    .number()
    .int()
    .refine((h) => (FUNDING_INTERVALS as readonly number[]).includes(h))
    .optional(),
  exposureCap: decimalInput.optional(),
});
export type UpdatePositionRulesBody = z.infer<typeof updatePositionRulesBody>;

export const adminOpenPosition = z.object({
  id: z.string(),
  userId: z.string(),
  realm,
  symbol: z.string(),
  product,
  side: z.enum(['long', 'short']),
  lots: amountText,
  entryPrice: amountText,
  leverage: z.number().int(),
  margin: amountText,
  tp: amountText.nullable(),
  sl: amountText.nullable(),
  funding: signedDecimal,
  markPrice: amountText.nullable(),
  unrealisedPnl: signedDecimal.nullable(),
  liquidationPrice: amountText.nullable(),
  openedAt: ms,
});
export type AdminOpenPosition = z.infer<typeof adminOpenPosition>;
export const adminOpenPositionsQuery = pageQuery.extend({
  userId: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  symbol: symbol.optional(),
  realm: realm.optional(),
});
export const adminOpenPositionsPage = z.object({
  items: z.array(adminOpenPosition),
  total: z.number().int(),
});

/** The schemas the back office's position endpoints name (they live in this file, not in a schemas.ts). */
const schemas = {
  positionsOverview,
  adminPositionRulesList,
  updatePositionRulesBody,
  adminPositionRules,
  adminOpenPositionsQuery,
  adminOpenPositionsPage,
};
const { get, post } = routesOn<typeof schemas>();

export const positionsAdminEndpoints = endpoints('admin', {
  overview: get('/api/admin/positions/overview', {
    response: 'positionsOverview',
    auth: 'operator',
    summary:
      "The dealer's net exposure per instrument and realm against its cap, the insurance fund and the dealer account",
  }),
  rules: get('/api/admin/positions/rules', {
    response: 'adminPositionRulesList',
    auth: 'operator',
    summary: 'Every leveraged instrument’s position rules',
  }),
  updateRules: post('/api/admin/positions/rules/update', {
    body: 'updatePositionRulesBody',
    response: 'adminPositionRules',
    auth: 'operator',
    roles: ['admin'],
    summary:
      'Edit an instrument’s spread, maintenance brackets, liquidation fee and cap, funding interval or exposure cap (admin, audited)',
  }),
  open: get('/api/admin/positions/open', {
    body: 'adminOpenPositionsQuery',
    response: 'adminOpenPositionsPage',
    auth: 'operator',
    summary: 'Open positions, newest first, by user, instrument or realm, at the mark now',
  }),
});

export const positionsAdminContract = contract(positionsAdminEndpoints, schemas);
