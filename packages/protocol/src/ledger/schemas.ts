import { z } from 'zod';
import { pageQuery } from '../admin/schemas.ts';
import { positiveAmount, signedDecimalInput } from '../amounts.ts';
import { USER_ACCOUNT_KINDS } from './accounts.ts';

export const userAccountKind = z.enum(USER_ACCOUNT_KINDS);

export const realm = z.enum(['live', 'demo']);
export type Realm = z.infer<typeof realm>;

/** A decimal string as the ledger stores it (NUMERIC(38,18)). */
export const amountText = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/);
/** The same, below zero too: a platform account's balance, a difference. */
export const signedAmountText = z.string().regex(/^-?\d{1,20}(\.\d{1,18})?$/);
/** Every request that moves money carries one; the same key twice moves money once. */
export const idempotencyKey = z.string().regex(/^[\w-]{8,64}$/);
export const assetCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/);
export const userIdText = z
  .string()
  .trim()
  .regex(/^\d{1,18}$/);

export const assetInfo = z.object({
  code: z.string(),
  name: z.string(),
  decimals: z.number().int().describe('How many decimals an amount of it may have'),
  displayDecimals: z
    .number()
    .int()
    .describe('How many decimals every screen shows of it, cut (never rounded up); at most `decimals`'),
});
export type AssetInfo = z.infer<typeof assetInfo>;

export const balance = z.object({
  asset: z.string(),
  available: amountText,
  frozen: amountText,
  total: amountText,
  valueUsdt: amountText,
});
export type Balance = z.infer<typeof balance>;

export const accountBalances = z.object({
  kind: userAccountKind,
  balances: z.array(balance),
  valueUsdt: amountText,
});
export type AccountBalances = z.infer<typeof accountBalances>;

export const assetsOverview = z.object({
  realm,
  accounts: z.array(accountBalances),
  totalUsdt: amountText,
  assets: z.array(assetInfo),
});
export type AssetsOverview = z.infer<typeof assetsOverview>;

export const pageBody = z.object({
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

export const accountLogBody = pageBody
  .extend({ account: userAccountKind, asset: assetCode.optional() })
  .strict();
export const accountLogEntry = z.object({
  id: z.string(),
  journalId: z.string(),
  kind: z
    .string()
    .describe(
      'What moved the money: one of ledger/journal-kinds.ts (spot.trade, transfer.own, position.open, seconds.settle, ...); a client names a kind it does not know generically',
    ),
  asset: z.string(),
  field: z.enum(['available', 'frozen']),
  amount: z.string().describe('Signed change'),
  reference: z
    .string()
    .nullable()
    .describe(
      "What it belongs to: spot.freeze and spot.release the order id, spot.trade 'makerOrderId/takerOrderId'",
    ),
  subject: z
    .string()
    .nullable()
    .describe('What it is about where the kind does not say: the spot instrument'),
  fee: amountText
    .nullable()
    .describe(
      "The fee paid inside this movement (a spot.trade's quote leg: the amount already counts it), else null",
    ),
  createdAt: z.iso.datetime(),
});
export type AccountLogEntry = z.infer<typeof accountLogEntry>;
export const accountLogPage = z.object({ items: z.array(accountLogEntry), total: z.number().int() });

// Money-moving bodies are strict: a field naming someone else's account is refused, not ignored.
export const transferBody = z.strictObject({
  from: userAccountKind,
  to: userAccountKind,
  asset: assetCode,
  amount: positiveAmount,
  idempotencyKey,
});
export type TransferBody = z.infer<typeof transferBody>;
export const transferRecord = z.object({
  id: z.string(),
  from: userAccountKind,
  to: userAccountKind,
  asset: z.string(),
  amount: amountText,
  createdAt: z.iso.datetime(),
});
export type TransferRecord = z.infer<typeof transferRecord>;
export const transferPage = z.object({ items: z.array(transferRecord), total: z.number().int() });

export const coinTransferInfoBody = z.object({ toUserId: userIdText.optional() });
export const coinTransferInfo = z.object({
  balances: z.array(
    z.object({
      asset: z.string(),
      available: amountText,
      decimals: z.number().int(),
      displayDecimals: z.number().int(),
    }),
  ),
  recipient: z.object({ id: z.string(), nickname: z.string().describe('Masked') }).nullable(),
  hasTradePassword: z.boolean(),
});
export type CoinTransferInfo = z.infer<typeof coinTransferInfo>;
export const coinTransferBody = z.strictObject({
  toUserId: userIdText,
  asset: assetCode,
  amount: positiveAmount,
  tradePassword: z.string().min(1).max(128),
  idempotencyKey,
});
export type CoinTransferBody = z.infer<typeof coinTransferBody>;
export const coinTransferRecord = z.object({
  id: z.string(),
  direction: z.enum(['in', 'out']),
  counterparty: z.object({ id: z.string(), nickname: z.string() }),
  asset: z.string(),
  amount: amountText,
  createdAt: z.iso.datetime(),
});
export type CoinTransferRecord = z.infer<typeof coinTransferRecord>;
export const coinTransferPage = z.object({ items: z.array(coinTransferRecord), total: z.number().int() });

// Ledger in the back office (issue 3): balances and journal per user, manual adjustments that a
// second operator must approve, the ledger check and proof-of-liabilities snapshots.
export const adminUserQuery = z.object({ userId: z.string().regex(/^\d{1,18}$/) });
export const adminJournalQuery = pageQuery.extend({ userId: z.string().regex(/^\d{1,18}$/) });

export const adjustmentStatus = z.enum(['pending', 'approved', 'rejected']);
export const adjustment = z.object({
  id: z.string(),
  userId: z.string(),
  account: z.enum(['funding', 'contract', 'fiat']),
  asset: z.string(),
  amount: z.string().describe('Signed: positive credits the user, negative debits'),
  reason: z.string(),
  status: adjustmentStatus,
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type Adjustment = z.infer<typeof adjustment>;
export const createAdjustmentBody = z.object({
  userId: z.string().regex(/^\d{1,18}$/),
  account: z.enum(['funding', 'contract', 'fiat']),
  asset: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,12}$/),
  amount: signedDecimalInput,
  reason: z.string().trim().min(5).max(500),
});
export const decideAdjustmentBody = z.object({ id: z.string().regex(/^\d{1,18}$/), approve: z.boolean() });
export const adjustmentsQuery = pageQuery.extend({ status: adjustmentStatus.optional() });
export const adjustmentsPage = z.object({ items: z.array(adjustment), total: z.number().int() });
export const ledgerCheckResult = z.object({ ok: z.boolean(), problems: z.array(z.string()) });
export const adminJournalEntry = z.object({
  id: z.string(),
  journalId: z.string(),
  kind: z.string(),
  realm: z.string(),
  account: z.string(),
  asset: z.string(),
  field: z.string(),
  amount: z.string(),
  reference: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminJournalEntry = z.infer<typeof adminJournalEntry>;
export const adminJournalPage = z.object({ items: z.array(adminJournalEntry), total: z.number().int() });

/**
 * Treasury exposure (issue 26, decision 0126): per realm and asset, the treasury's balance against
 * what the areas have promised to pay from it over the next `days` (earn yield, activity bonuses,
 * loans awaiting approval), and what is left. Exact decimals; `left` below zero (`short`) means the
 * promises exceed the treasury.
 */
export const treasuryOwedBy = z.object({
  source: z
    .string()
    .describe('The area that promised it: earn (yield), activity (bonuses), loan (principal)'),
  amount: amountText,
});
export const treasuryExposureLine = z.object({
  realm,
  asset: z.string(),
  balance: signedAmountText.describe('The treasury’s balance now (available + frozen); it may be below zero'),
  owed: z.array(treasuryOwedBy).describe('Every source, each once, 0 when it owes nothing in this asset'),
  total: amountText.describe('The sum of the sources'),
  left: signedAmountText.describe('balance - total'),
  short: z.boolean().describe('Whether the promises exceed the balance (left < 0)'),
});
export type TreasuryExposureLine = z.infer<typeof treasuryExposureLine>;
export const treasuryExposure = z.object({
  days: z.number().int().describe('How far ahead promises are counted'),
  asOf: z.iso.datetime(),
  until: z.iso.datetime().describe('asOf + days x 24 h'),
  sources: z
    .array(z.string())
    .describe('The areas that promise payments from the treasury, in the lines’ order'),
  items: z.array(treasuryExposureLine).describe('Live first, then demo; assets by name'),
});
export type TreasuryExposure = z.infer<typeof treasuryExposure>;
