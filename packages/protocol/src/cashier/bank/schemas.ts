import { z } from 'zod';
import { positiveAmount } from '../../amounts.ts';
import type { ErrorKey } from '../../errors.ts';
import {
  BANK_INSTRUCTIONS_MAX,
  BANK_NAME_MAX,
  BANK_NUMBER_MAX,
  BANK_REASON_MAX,
  BANK_REFERENCE_MAX,
  SWIFT_PATTERN,
} from './rules.ts';

/**
 * Bank deposits (issue 15, PRODUCT.md "Deposits"): the user pays into the platform's bank account,
 * uploads the payment proof and says so; an operator approves (the fiat account is credited) or
 * rejects with a reason.
 */

/** A text someone types: trimmed, at most `max` characters; empty reads "please enter X". */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => v.length > 0, { params: { error: 'field_required' satisfies ErrorKey } });
/** An optional text: empty means none. */
const optional = (inner: z.ZodType<string>) =>
  z
    .union([z.literal('').transform(() => null), inner])
    .nullable()
    .default(null);

/** The platform's bank account users pay into, as an admin sets it in the back office. */
export const bankAccountFields = z.strictObject({
  bankName: text(BANK_NAME_MAX),
  accountName: text(BANK_NAME_MAX).describe('The account holder, as the user’s bank asks for it'),
  accountNumber: text(BANK_NUMBER_MAX),
  swift: optional(z.string().trim().toUpperCase().regex(SWIFT_PATTERN)).describe(
    'SWIFT/BIC, 8 or 11 characters',
  ),
  iban: optional(
    z
      .string()
      .trim()
      .max(BANK_NUMBER_MAX)
      .transform((v) => v.replace(/ /g, '').toUpperCase()),
  ).describe('The server checks its ISO 13616 check digits'),
  instructions: optional(z.string().trim().max(BANK_INSTRUCTIONS_MAX)).describe(
    'What to write as the transfer’s reference, shown to users as plain text',
  ),
});
export type BankAccountFields = z.infer<typeof bankAccountFields>;
export const bankAccount = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  swift: z.string().nullable(),
  iban: z.string().nullable(),
  instructions: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccount>;

/** The deposit page's bank tab: where to pay, and the rules. */
export const bankDepositInfo = z.object({
  account: bankAccount.nullable().describe('None until an admin sets the platform’s account'),
  sample: z
    .boolean()
    .describe(
      'The account is the sample the embedded default seeds to try the platform: no money is to be sent there; an admin replaces it (never in production)',
    ),
  minimum: z.string(),
  asset: z.string(),
  creditedTo: z.literal('fiat').describe('Bank deposits arrive in the fiat account'),
});
export type BankDepositInfo = z.infer<typeof bankDepositInfo>;

export const bankDepositStatus = z.enum(['pending', 'approved', 'rejected']);
export type BankDepositStatusName = z.infer<typeof bankDepositStatus>;

export const submitBankDepositBody = z.strictObject({
  amount: positiveAmount.describe('USDT; at least the minimum, within the asset’s decimals'),
  proof: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .describe('The id `POST /api/common/upload` answered (purpose payment_proof), one of the caller’s own'),
  reference: text(BANK_REFERENCE_MAX).describe('The reference the user wrote on the bank transfer'),
});
export type SubmitBankDepositBody = z.infer<typeof submitBankDepositBody>;

export const bankDeposit = z.object({
  id: z.string(),
  amount: z.string(),
  asset: z.string(),
  reference: z.string(),
  status: bankDepositStatus,
  reason: z.string().nullable().describe('Why an operator rejected it (plain text)'),
  submittedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type BankDeposit = z.infer<typeof bankDeposit>;

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
export const bankDepositsQuery = z.object(pageQuery);
export const bankDepositsPage = z.object({ items: z.array(bankDeposit), total: z.number().int() });

// The back office.
const depositId = z.string().regex(/^\d{1,18}$/);
export const bankDepositRow = bankDeposit.extend({
  userId: z.string(),
  account: z.string().nullable().describe('The user’s email, phone or wallet'),
});
export type BankDepositRow = z.infer<typeof bankDepositRow>;
export const bankReviewQuery = z.object({ ...pageQuery, status: bankDepositStatus.optional() });
export const bankReviewPage = z.object({ items: z.array(bankDepositRow), total: z.number().int() });
export const bankDepositQuery = z.object({ id: depositId });
export const bankDepositReview = bankDepositRow.extend({
  proof: z.string().describe('The payment proof’s upload id (read with `GET /api/admin/uploads/:id`)'),
  paidTo: bankAccount.nullable().describe('The platform’s account as the user was shown it'),
  decidedBy: z.string().nullable().describe('The deciding operator’s email'),
});
export type BankDepositReview = z.infer<typeof bankDepositReview>;
export const approveBankDepositBody = z.strictObject({ id: depositId });
export const rejectBankDepositBody = z.strictObject({
  id: depositId,
  reason: text(BANK_REASON_MAX).describe('Shown to the user as plain text'),
});
