import { z } from 'zod';
import { decimalInput, positiveAmount } from '../amounts.ts';
import type { ErrorKey } from '../errors.ts';
import { KYC_NAME_MAX, KYC_PHONE_PATTERN, KYC_TEXT_MAX } from '../kyc/rules.ts';
import { documentType } from '../kyc/schemas.ts';
import { amountText, idempotencyKey } from '../ledger/schemas.ts';
import { LOAN_DOCUMENT_COUNTS, LOAN_TERMS } from './constants.ts';

/**
 * Loans (issue 26, decision 0125): products from the back office, applications with the
 * certification, an operator's approval that freezes collateral and credits the principal, one
 * repayment of principal and interest, live LTV with margin call and liquidation.
 */
const id = z.string().regex(/^\d{1,19}$/);
const term = z
  .number()
  .int()
  .refine((v) => (LOAN_TERMS as readonly number[]).includes(v), {
    params: { error: 'loan_term' satisfies ErrorKey },
  });
const ratio = amountText.describe('A fraction: 0.65 is 65%');

/** A product as users see it. */
export const loanProduct = z.object({
  id: z.string(),
  name: z.string(),
  asset: z.string().describe('What is lent: USDT'),
  minAmount: amountText,
  maxAmount: amountText,
  terms: z.array(z.number().int()).describe('The terms offered, in days (of 7, 15, 30, 60, 90)'),
  dailyRate: amountText.describe('Interest per day on the principal (0.001 is 0.1% a day)'),
  initialLtv: ratio.describe('Collateral frozen = principal / this, at the index price'),
  marginCallLtv: ratio.describe('At this LTV the user is told to add collateral'),
  liquidationLtv: ratio.describe('At this LTV the collateral is sold, whatever the date'),
  collateralAssets: z.array(z.string()),
});
export type LoanProduct = z.infer<typeof loanProduct>;
/** `/api/loan/getConfigList`: the open products under `list`, as the seed's lists are. */
export const loanProducts = z.object({ list: z.array(loanProduct) });

/** The caller's limits and what they owe (`/api/common/userdebt`). */
export const loanSummary = z.object({
  asset: z.string(),
  totalLimit: amountText.describe('The most principal the user may have in open loans and applications'),
  availableLimit: amountText.describe('totalLimit less the principal of open loans and pending applications'),
  outstandingPrincipal: amountText.describe('Principal of loans not yet repaid'),
  owedNow: amountText.describe('What repaying every open loan now would take'),
  debt: amountText.describe('Shortfalls of liquidations not yet paid'),
  activeLoans: z.number().int(),
  pendingApplications: z.number().int(),
  kycAdvanced: z.boolean().describe('Whether the caller has advanced verification (needed to apply)'),
  certified: z.boolean().describe('Whether the caller has a loan certification on file'),
});
export type LoanSummary = z.infer<typeof loanSummary>;
/** `/api/common/userdebtpage`: the loan page in one call. */
export const loanPage = z.object({ summary: loanSummary, products: z.array(loanProduct) });

export const loanQuoteBody = z.strictObject({
  productId: id,
  amount: positiveAmount,
  termDays: term,
  collateralAsset: z.string().trim().toUpperCase().min(1).max(12),
});
export type LoanQuoteBody = z.infer<typeof loanQuoteBody>;

/** Every figure of a loan, shown before the user confirms; at approval they are fixed (the collateral at that moment's price). */
export const loanQuote = z.object({
  productId: z.string(),
  asset: z.string(),
  amount: amountText,
  termDays: z.number().int(),
  dailyRate: amountText,
  interest: amountText.describe('amount x dailyRate x termDays, rounded up to 8 places'),
  amountDue: amountText.describe('amount + interest, in one payment at maturity'),
  dueAt: z.iso.datetime().describe('If approved now: approval + termDays x 24 h'),
  collateralAsset: z.string(),
  indexPrice: amountText.describe('The collateral asset’s index price in USDT now'),
  collateralAmount: amountText.describe('amount / initialLtv / indexPrice, rounded up to 8 places'),
  collateralAvailable: amountText.describe('The caller’s available collateral asset in funding'),
  initialLtv: amountText,
  marginCallLtv: amountText,
  marginCallPrice: amountText.describe('The index price at which the LTV reaches marginCallLtv'),
  liquidationLtv: amountText,
  liquidationPrice: amountText.describe('The index price at which the collateral is sold'),
  overdueDailyInterest: amountText.describe('Per overdue day: amount x dailyRate x 1.1'),
  lateFeeDaily: amountText.describe('Per overdue day: 1% of the unpaid interest'),
  liquidationOverdueDays: z.number().int(),
  earlyPenaltyShare: amountText.describe('Early repayment adds this share of the interest not yet accrued'),
});
export type LoanQuote = z.infer<typeof loanQuote>;

export const loanApplyBody = loanQuoteBody.extend({
  /** Must be true: false answers `agreement_required` ('Please confirm the agreement') on `agreement`. */
  agreement: z.boolean(),
  /** Live users' transaction password; a demo user (play money, no password of any kind) sends none. */
  tradePassword: z.string().min(1).max(128).optional(),
  idempotencyKey,
});
export type LoanApplyBody = z.infer<typeof loanApplyBody>;

/**
 * Seed §4: "not repaid, then repaid". `pending` (awaiting an operator), `rejected`, `active` (not
 * repaid; `overdue` says when past due), `repaid`, `liquidated` (collateral sold; a shortfall stays owed as `debt`).
 */
export const loanStatus = z.enum(['pending', 'rejected', 'active', 'repaid', 'liquidated']);
export type LoanStatus = z.infer<typeof loanStatus>;

/** What repaying now takes, line by line; `total` is what the repay call must confirm. */
export const loanRepayment = z.object({
  principal: amountText,
  interest: amountText.describe('Interest to date (early) or the term’s (on time or overdue)'),
  earlyPenalty: amountText.describe('50% of the interest not yet accrued, when early'),
  overdueInterest: amountText,
  lateFee: amountText,
  total: amountText,
  days: z.number().int().describe('Days of interest counted (a started day counts)'),
  overdueDays: z.number().int(),
});
export type LoanRepayment = z.infer<typeof loanRepayment>;

export const loanLiquidation = z.object({
  reason: z.enum(['ltv', 'overdue']),
  price: amountText.describe('The index price it was sold at'),
  owed: amountText.describe('What was owed at that moment'),
  sold: amountText.describe('Collateral sold: owed / price rounded up, at most all of it'),
  released: amountText.describe('Collateral given back to the user'),
  shortfall: amountText.describe('Owed beyond what the collateral fetched: the user’s debt'),
  at: z.iso.datetime(),
});

export const loan = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  asset: z.string(),
  amount: amountText.describe('The principal'),
  termDays: z.number().int(),
  dailyRate: amountText,
  interest: amountText.describe('The term’s interest'),
  amountDue: amountText,
  status: loanStatus,
  repaid: z.boolean().describe('Seed §3’s repayment status'),
  overdue: z.boolean(),
  collateralAsset: z.string(),
  collateralAmount: amountText.describe('Frozen now (the quote’s, until approved)'),
  indexPrice: amountText.nullable(),
  ltv: amountText.nullable().describe('Owed now / collateral value now, while active'),
  initialLtv: amountText,
  marginCallLtv: amountText,
  marginCallPrice: amountText.nullable(),
  liquidationLtv: amountText,
  liquidationPrice: amountText.nullable(),
  marginCalled: z.boolean(),
  appliedAt: z.iso.datetime(),
  approvedAt: z.iso.datetime().nullable(),
  dueAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
  reason: z.string().nullable().describe('Why an operator rejected it'),
  repayNow: loanRepayment.nullable().describe('While active: what repaying now takes'),
  repayment: loanRepayment.nullable().describe('Once repaid: what was paid'),
  liquidation: loanLiquidation.nullable(),
  debt: amountText.describe('A liquidation’s shortfall not yet paid'),
});
export type Loan = z.infer<typeof loan>;

export const loanRecordsBody = z.strictObject({
  status: z.enum(['open', 'closed']).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export const loanRecordsPage = z.object({ items: z.array(loan), total: z.number().int() });

export const loanRepayBody = z.strictObject({
  id,
  /** The `repayNow.total` the user saw: a different amount owed now answers `loan_repay_changed`. */
  amount: positiveAmount,
  tradePassword: z.string().min(1).max(128).optional(),
  idempotencyKey,
});
export type LoanRepayBody = z.infer<typeof loanRepayBody>;

export const loanCollateralBody = z.strictObject({
  id,
  amount: positiveAmount,
  tradePassword: z.string().min(1).max(128).optional(),
  idempotencyKey,
});
export type LoanCollateralBody = z.infer<typeof loanCollateralBody>;

// The certification (seed §3 "Loan certification").
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => v.length > 0, { params: { error: 'field_required' satisfies ErrorKey } });
const uploadId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .describe('An upload of the caller’s, purpose loan_document');
const uploads = (n: number) => z.array(uploadId).length(n);

export const loanCertificationFields = z.strictObject({
  realName: text(KYC_NAME_MAX),
  documentType,
  documentNumber: text(KYC_TEXT_MAX),
  birthDate: z.iso.date().describe('Borrowers are 18 or older'),
  idPhoto: uploadId,
  workType: text(KYC_TEXT_MAX),
  annualIncome: decimalInput.describe('USDT a year'),
  emergencyName: text(KYC_NAME_MAX),
  emergencyPhone: z.string().trim().regex(KYC_PHONE_PATTERN),
  bankCards: uploads(LOAN_DOCUMENT_COUNTS.bankCards).describe('Bank statement: front photos of 2 bank cards'),
  assetProofs: uploads(LOAN_DOCUMENT_COUNTS.assetProofs),
  transactionRecords: uploads(LOAN_DOCUMENT_COUNTS.transactionRecords),
  propertyCertificate: uploadId.optional(),
  workCertificate: uploadId.optional(),
  otherAssets: uploadId.optional().describe('Other financial assets'),
});
export type LoanCertificationFields = z.infer<typeof loanCertificationFields>;

export const loanCertification = z.object({
  certification: loanCertificationFields.extend({ submittedAt: z.iso.datetime() }).nullable(),
});
export type LoanCertification = z.infer<typeof loanCertification>;

// The back office.
export const adminLoanProduct = loanProduct.extend({
  status: z.enum(['open', 'closed']),
  activeLoans: z.number().int(),
  outstandingPrincipal: amountText,
});
export type AdminLoanProduct = z.infer<typeof adminLoanProduct>;
export const adminLoanProducts = z.object({ items: z.array(adminLoanProduct) });

export const adminLoanProductBody = z.strictObject({
  /** Absent: a new product; present: that product's settings, for new applications only. */
  id: id.optional(),
  name: z.string().trim().min(1).max(80),
  minAmount: positiveAmount,
  maxAmount: positiveAmount,
  terms: z.array(z.number().int()).min(1).max(5),
  dailyRate: decimalInput,
  initialLtv: decimalInput,
  marginCallLtv: decimalInput,
  liquidationLtv: decimalInput,
  collateralAssets: z.array(z.string().trim().toUpperCase().min(1).max(12)).min(1).max(20),
  status: z.enum(['open', 'closed']),
});
export type AdminLoanProductBody = z.infer<typeof adminLoanProductBody>;

/** A loan as operators see it: the user, the approvals it needs and has. */
export const adminLoan = loan.extend({
  userId: z.string(),
  account: z.string().nullable().describe('The user’s email, phone or wallet'),
  realm: z.enum(['live', 'demo']),
  approvalsNeeded: z.number().int().describe('1, or 2 above the four-eyes threshold'),
  approvals: z.number().int(),
  approvedBy: z.array(z.string()).describe('The approving operators’ emails'),
});
export type AdminLoan = z.infer<typeof adminLoan>;

export const adminLoansQuery = z.object({
  status: loanStatus.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminLoansPage = z.object({ items: z.array(adminLoan), total: z.number().int() });

export const adminLoanQuery = z.object({ id });
/** One application with every document side by side (upload ids the operator's image route serves). */
export const adminLoanDetail = adminLoan.extend({
  certification: loanCertification.shape.certification,
  kycAdvanced: z.boolean(),
});
export type AdminLoanDetail = z.infer<typeof adminLoanDetail>;

export const adminLoanDecideBody = z.strictObject({
  id,
  decision: z.enum(['approve', 'reject']),
  reason: z.string().trim().max(500).optional().describe('Required to reject'),
});
export type AdminLoanDecideBody = z.infer<typeof adminLoanDecideBody>;

/** The live loan book: active loans by LTV, highest (riskiest) first. */
export const adminLoanBook = z.object({
  items: z.array(adminLoan),
  outstandingPrincipal: amountText,
  collateralValue: amountText,
});
