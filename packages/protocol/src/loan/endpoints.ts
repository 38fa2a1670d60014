import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** Loans (issue 26, decision 0125): the seed's calls and ours. */
export const loanEndpoints = endpoints('loan', {
  products: post('/api/loan/getConfigList', {
    body: 'emptyBody',
    response: 'loanProducts',
    auth: 'public',
    summary: 'The open loan products: amount range, terms, daily rate, LTV levels, accepted collateral',
  }),
  summary: post('/api/common/userdebt', {
    body: 'emptyBody',
    response: 'loanSummary',
    auth: 'user',
    summary: 'The caller’s total and available limit, what they owe now and any debt',
  }),
  page: post('/api/common/userdebtpage', {
    body: 'emptyBody',
    response: 'loanPage',
    auth: 'user',
    summary: 'The loan page in one call: the caller’s summary and the open products',
  }),
  quote: post('/api/loan/quote', {
    body: 'loanQuoteBody',
    response: 'loanQuote',
    auth: 'user',
    summary:
      'Every figure of a loan before applying: interest, amount due, collateral at the index price, margin-call and liquidation prices, overdue charges',
  }),
  apply: post('/api/loan/apply', {
    body: 'loanApplyBody',
    response: 'loan',
    auth: 'user',
    summary:
      'Apply (idempotent, transaction password, advanced verification, certification, agreement); an operator approves',
  }),
  applySeed: post('/api/loan/apply ', {
    body: 'loanApplyBody',
    response: 'loan',
    auth: 'user',
    summary: 'The same, at the seed’s path with its trailing space',
  }),
  records: post('/api/loan/getUserRecords', {
    body: 'loanRecordsBody',
    response: 'loanRecordsPage',
    auth: 'user',
    summary: 'The caller’s loans, newest first, each with what repaying now takes',
  }),
  borrowPage: post('/api/common/userborrowpage', {
    body: 'loanRecordsBody',
    response: 'loanRecordsPage',
    auth: 'user',
    summary: 'The caller’s loans, at the seed’s borrowing-page path',
  }),
  repay: post('/api/loan/repay', {
    body: 'loanRepayBody',
    response: 'loan',
    auth: 'user',
    summary:
      'Repay in one payment (idempotent, transaction password): the amount confirmed must be what is owed now; the collateral is released',
  }),
  addCollateral: post('/api/loan/collateral', {
    body: 'loanCollateralBody',
    response: 'loan',
    auth: 'user',
    summary: 'Freeze more of the collateral asset for an active loan, lowering its LTV (idempotent)',
  }),
  certification: post('/api/loan/certification', {
    body: 'emptyBody',
    response: 'loanCertification',
    auth: 'user',
    summary: 'The caller’s loan certification on file, or null',
  }),
  certify: post('/api/loan/certification/submit', {
    body: 'loanCertificationFields',
    response: 'loanCertification',
    auth: 'user',
    summary: 'Submit or replace the loan certification: every field of seed §3 with its documents (uploads)',
  }),
});

/** Loans in the back office: products (admins), review (reviewers, four-eyes above a threshold), the book. */
export const loanAdminEndpoints = endpoints('admin', {
  products: get('/api/admin/loan/products', {
    response: 'adminLoanProducts',
    auth: 'operator',
    summary: 'Loan products with their active loans and outstanding principal',
  }),
  save: post('/api/admin/loan/products/save', {
    body: 'adminLoanProductBody',
    response: 'adminLoanProduct',
    auth: 'operator',
    roles: ['admin'],
    summary: 'Create a loan product, or change one for new applications only (admin, audited)',
  }),
  list: get('/api/admin/loan/list', {
    body: 'adminLoansQuery',
    response: 'adminLoansPage',
    auth: 'operator',
    roles: ['admin', 'reviewer'],
    summary: 'Loans by status (pending first for review), with the approvals each needs and has',
  }),
  detail: get('/api/admin/loan/detail', {
    body: 'adminLoanQuery',
    response: 'adminLoanDetail',
    auth: 'operator',
    roles: ['admin', 'reviewer'],
    summary: 'One loan with the certification and every document, for review side by side',
  }),
  decide: post('/api/admin/loan/decide', {
    body: 'adminLoanDecideBody',
    response: 'adminLoan',
    auth: 'operator',
    roles: ['admin', 'reviewer'],
    summary:
      'Approve (freezes collateral at the index price, credits the principal; a second operator above the threshold) or reject with a reason (audited)',
  }),
  book: get('/api/admin/loan/book', {
    response: 'adminLoanBook',
    auth: 'operator',
    summary: 'The live loan book: active loans by LTV, riskiest first',
  }),
});
