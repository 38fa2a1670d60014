import { endpoints, get, post } from '../../endpoint.ts';
import type {
  approveBankDepositBody,
  bankAccount,
  bankAccountFields,
  bankDeposit,
  bankDepositInfo,
  bankDepositQuery,
  bankDepositReview,
  bankDepositsPage,
  bankDepositsQuery,
  bankReviewPage,
  bankReviewQuery,
  rejectBankDepositBody,
  submitBankDepositBody,
} from './schemas.ts';

/** The user's bank deposits: where to pay, telling the platform a payment was made, the records. */
export const bankDepositEndpoints = endpoints('cashier', {
  info: get<undefined, typeof bankDepositInfo>('/api/funding/bank/account', {
    auth: 'user',
    summary:
      'The platform’s bank account to pay into, the minimum and the account credited (fiat); not for demo accounts',
  }),
  submit: post<typeof submitBankDepositBody, typeof bankDeposit>('/api/funding/bank/deposit', {
    auth: 'user',
    summary:
      'Report a bank transfer with its payment proof and reference: a deposit pending review (not for demo accounts)',
  }),
  list: get<typeof bankDepositsQuery, typeof bankDepositsPage>('/api/funding/bank/deposits', {
    auth: 'user',
    summary: 'The caller’s bank deposits, latest first (not for demo accounts)',
  }),
});

/** The back office: the platform's bank account (admins set it) and the review of bank deposits. */
export const bankDepositAdminEndpoints = endpoints('admin', {
  account: get<undefined, typeof bankDepositInfo>('/api/admin/funding/bank/account', {
    auth: 'operator',
    summary: 'The platform’s bank account as users are shown it',
  }),
  setAccount: post<typeof bankAccountFields, typeof bankAccount>('/api/admin/funding/bank/account', {
    auth: 'operator',
    roles: ['admin'],
    summary: 'Set the platform’s bank account users pay into (audited)',
  }),
  deposits: get<typeof bankReviewQuery, typeof bankReviewPage>('/api/admin/funding/bank/deposits', {
    auth: 'operator',
    summary: 'Bank deposits, those pending first',
  }),
  deposit: get<typeof bankDepositQuery, typeof bankDepositReview>('/api/admin/funding/bank/deposit', {
    auth: 'operator',
    summary: 'One bank deposit with its payment proof’s upload id and the account it was paid to',
  }),
  approve: post<typeof approveBankDepositBody, typeof bankDepositReview>('/api/admin/funding/bank/approve', {
    auth: 'operator',
    roles: ['admin', 'reviewer'],
    summary:
      'Approve a pending bank deposit: the user’s fiat account is credited (audited; the user is notified)',
  }),
  reject: post<typeof rejectBankDepositBody, typeof bankDepositReview>('/api/admin/funding/bank/reject', {
    auth: 'operator',
    roles: ['admin', 'reviewer'],
    summary: 'Reject a pending bank deposit with a reason shown to the user (audited; notified)',
  }),
});
