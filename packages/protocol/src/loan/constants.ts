/** Loans (issue 26, decision 0125): zod-free, so the web's pages can import it. */

/** What is lent and repaid, and the account it is credited to, repaid from and the collateral frozen in. */
export const LOAN_ASSET = 'USDT';
export const LOAN_ACCOUNT = 'funding';

/** The terms a product may offer, in days (seed §9, PRODUCT.md "Loans"). */
export const LOAN_TERMS = [7, 15, 30, 60, 90] as const;
export type LoanTerm = (typeof LOAN_TERMS)[number];

/** Overdue interest per day is the agreed daily rate x this (110%), on the principal. */
export const LOAN_OVERDUE_RATE_FACTOR = '1.1';
/** The late fee per overdue day: this share (1%) of the unpaid service fee (the term's interest). */
export const LOAN_LATE_FEE_RATE = '0.01';
/** Early repayment adds this share (50%) of the interest not yet accrued. */
export const LOAN_EARLY_PENALTY_SHARE = '0.5';
/** After this many natural days (24-hour periods) overdue, the collateral is liquidated. */
export const LOAN_LIQUIDATION_OVERDUE_DAYS = 3;
/** Borrowers must be this old, from the birth date the certification carries. */
export const LOAN_AGE_MIN = 18;
/** Charges (interest, penalty, fees) and collateral are rounded up to this many decimals. */
export const LOAN_DECIMALS = 8;

/** How many images each document group of the certification takes (seed §3 and §9). */
export const LOAN_DOCUMENT_COUNTS = {
  bankCards: 2,
  assetProofs: 3,
  transactionRecords: 3,
} as const;

/** A user's total limit when no operator has set one (USDT, principal of open loans and applications). */
export const LOAN_DEFAULT_LIMIT = '50000';
