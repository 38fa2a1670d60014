import { z } from 'zod';
import { positiveAmount } from '../../amounts.ts';
import { totpCode } from '../../auth/schemas.ts';
import type { ErrorKey } from '../../errors.ts';
import { amountText, idempotencyKey } from '../../ledger/schemas.ts';
import { chainId } from '../chains.ts';
import { WITHDRAWAL_FAILURE_KINDS, WITHDRAWAL_REASON_MAX, WITHDRAWAL_STATUSES } from './rules.ts';

/**
 * Withdrawals (PRODUCT.md "Withdrawals"): USDT to an EVM address on one chain, frozen at request,
 * reviewed above the thresholds, broadcast from the hot wallet and tracked to confirmation.
 */
export const withdrawalStatus = z.enum(WITHDRAWAL_STATUSES);

export const withdrawChain = z.object({
  chainId: z.number().int(),
  name: z.string(),
  fee: amountText.describe('Taken from the amount: the user receives amount - fee'),
  minimum: amountText,
});
export const withdrawInfo = z.object({
  asset: z.literal('USDT'),
  available: amountText.describe('The caller’s available USDT in the funding account'),
  chains: z
    .array(withdrawChain)
    .describe('The chains withdrawals go out on now, each with its fee and minimum'),
  reviewThreshold: amountText.describe('Above this an operator approves before it is sent'),
  hasTradePassword: z.boolean(),
  totpRequired: z
    .boolean()
    .describe('Two-factor is on: a withdrawal and every address-book change ask the authenticator code'),
  demo: z.boolean().describe('Demo accounts cannot withdraw'),
});
export type WithdrawInfo = z.infer<typeof withdrawInfo>;

export const withdrawBody = z.strictObject({
  chainId,
  address: z.string().trim().min(1).max(100).describe('A 0x address, from the book or typed'),
  amount: positiveAmount.describe('What leaves the balance, fee included'),
  tradePassword: z.string().min(1).max(128),
  totpCode: totpCode.optional().describe('The authenticator code, asked once two-factor is on'),
  idempotencyKey,
});
export type WithdrawBody = z.infer<typeof withdrawBody>;

export const withdrawal = z.object({
  id: z.string(),
  asset: z.string(),
  chainId: z.number().int(),
  address: z.string(),
  amount: amountText,
  fee: amountText,
  received: amountText.describe('amount - fee: what arrives at the address'),
  status: withdrawalStatus,
  approvalsNeeded: z.number().int().describe('0 to 2 operators, by the review thresholds'),
  approvals: z.number().int(),
  txHash: z.string().nullable(),
  reason: z.string().nullable().describe('Why it was rejected or failed'),
  failure: z
    .object({
      kind: z
        .enum(WITHDRAWAL_FAILURE_KINDS)
        .describe('reverted, dropped (replaced by another transaction) or out_of_gas'),
      detail: z.string().describe('The raw reason: the revert reason, or what the node said'),
    })
    .nullable()
    .describe('Why a sent withdrawal failed on chain; null unless failed there'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const withdrawalsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const withdrawalsPage = z.object({ items: z.array(withdrawal), total: z.number().int() });

// The back office.
const withdrawalId = z.string().regex(/^\d{1,18}$/);
export const adminWithdrawalsQuery = withdrawalsQuery.extend({ status: withdrawalStatus.optional() });
export const adminWithdrawal = withdrawal.extend({
  userId: z.string(),
  account: z.string().nullable().describe('The user’s email, phone or wallet'),
  nonce: z.number().int().nullable(),
  decisions: z.array(
    z.object({
      operator: z.string().describe('The operator’s email'),
      decision: z.enum(['approve', 'reject']),
      at: z.iso.datetime(),
    }),
  ),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
export const adminWithdrawalsPage = z.object({ items: z.array(adminWithdrawal), total: z.number().int() });
export const adminWithdrawalQuery = z.object({ id: withdrawalId });
export const approveWithdrawalBody = z.strictObject({ id: withdrawalId });
export const rejectWithdrawalBody = z.strictObject({
  id: withdrawalId,
  reason: z
    .string()
    .trim()
    .max(WITHDRAWAL_REASON_MAX)
    .refine((v) => v.length > 0, { params: { error: 'field_required' satisfies ErrorKey } })
    .describe('Shown to the user'),
});
