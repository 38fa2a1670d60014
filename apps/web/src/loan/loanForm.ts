import type { LoanQuoteBody } from '@otc/protocol/loan/schemas';
import { amountToSend, checkAmount } from '../money/amounts.ts';
import { amountCheck, createForm, type FormCheck, required } from '../money/form.ts';

/** USDT is lent and typed to 6 places, as the protocol's amounts of it are. */
export const LOAN_AMOUNT_DECIMALS = 6;

export type LoanField = 'amount' | 'agreement' | 'tradePassword';
export const LOAN_FIELDS: readonly LoanField[] = ['amount', 'agreement', 'tradePassword'];

export interface LoanValues {
  productId: string;
  amount: string;
  termDays: number;
  collateralAsset: string;
  agreement: boolean;
  tradePassword: string;
  /** Demo users (play money) have no transaction password: they send none. */
  demo: boolean;
}

/**
 * What the quote is asked for: the choices as they will be sent, once the amount is a plain
 * decimal above zero (whether it is in the product's range and the user's limit is the server's
 * answer, its 'Loan amount error'); null before.
 */
export function quoteBodyOf(
  v: Omit<LoanValues, 'agreement' | 'tradePassword' | 'demo'>,
): LoanQuoteBody | null {
  if (!v.productId || !v.collateralAsset) return null;
  if (checkAmount(v.amount, { decimals: LOAN_AMOUNT_DECIMALS })) return null;
  return {
    productId: v.productId,
    amount: amountToSend(v.amount),
    termDays: v.termDays,
    collateralAsset: v.collateralAsset,
  };
}

/** Seed §5: the agreement must be confirmed before applying for a loan. */
const agreed: FormCheck<LoanValues, LoanField> = (v) =>
  v.agreement ? null : { field: 'agreement', key: 'loan.apply.agreementRequired' };

/** Applying: an amount, the agreement, the transaction password (live users); the summary is the quote's body. */
export const loanForm = createForm<LoanValues, LoanQuoteBody | null, LoanField>({
  checks: [
    amountCheck(
      'amount',
      (v) => v.amount,
      () => ({ decimals: LOAN_AMOUNT_DECIMALS }),
    ),
    agreed,
    required<LoanValues, LoanField>(
      'tradePassword',
      (v) => (v.demo ? 'none needed' : v.tradePassword),
      'funding.withdraw.enterTradePassword',
    ),
  ],
  summary: quoteBodyOf,
});
