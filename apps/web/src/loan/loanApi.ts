import { loanEndpoints as loan } from '@otc/protocol/loan/endpoints';
import type {
  LoanApplyBody,
  LoanCertificationFields,
  LoanCollateralBody,
  LoanQuoteBody,
  LoanRepayBody,
} from '@otc/protocol/loan/schemas';
import { call } from '../api/call.ts';
import { MONEY } from '../money/keys.ts';

/**
 * The page (limits, what is owed) and the records sit under the money keys: applying, repaying and
 * adding collateral move money, and `useMoneyMoved` refreshes them with the balances.
 */
export const loanKeys = {
  page: [MONEY, 'loan', 'page'] as const,
  records: [MONEY, 'loan', 'records'] as const,
  quote: (body: LoanQuoteBody) => ['loan', 'quote', body] as const,
  certification: ['loan', 'certification'] as const,
};

export const loanApi = {
  page: () => call(loan.page),
  /** Shown by the page beside the amount (a 'Loan amount error' under the amount), never toasted. */
  quote: (body: LoanQuoteBody) => call(loan.quote, body, { toast: false }),
  /** The form shows a refusal under its field, else toasts it (useFieldErrors). */
  apply: (body: LoanApplyBody) => call(loan.apply, body, { toast: false }),
  /** One page of 100: more loans than that is not what a user holds in practice. */
  records: () => call(loan.records, { page: 1, pageSize: 100 }),
  repay: (body: LoanRepayBody) => call(loan.repay, body, { toast: false }),
  addCollateral: (body: LoanCollateralBody) => call(loan.addCollateral, body, { toast: false }),
  certification: () => call(loan.certification),
  certify: (body: LoanCertificationFields) => call(loan.certify, body, { toast: false }),
};
