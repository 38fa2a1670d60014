import { endpoints, routesOn } from '../../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** The user's bank deposits: where to pay, telling the platform a payment was made, the records. */
export const bankDepositEndpoints = endpoints('cashier', {
  info: get('/api/funding/bank/account', {
    response: 'bankDepositInfo',
    auth: 'user',
    live: true,
    summary:
      'The platform’s bank account to pay into, the minimum and the account credited (fiat); not for demo accounts',
  }),
  submit: post('/api/funding/bank/deposit', {
    body: 'submitBankDepositBody',
    response: 'bankDeposit',
    auth: 'user',
    live: true,
    summary:
      'Report a bank transfer with its payment proof and reference: a deposit pending review (not for demo accounts)',
  }),
  list: get('/api/funding/bank/deposits', {
    body: 'bankDepositsQuery',
    response: 'bankDepositsPage',
    auth: 'user',
    live: true,
    summary: 'The caller’s bank deposits, latest first (not for demo accounts)',
  }),
});

/** The back office: the platform's bank account (admins set it) and the review of bank deposits. */
export const bankDepositAdminEndpoints = endpoints('admin', {
  account: get('/api/admin/funding/bank/account', {
    response: 'bankDepositInfo',
    auth: 'operator',
    summary: 'The platform’s bank account as users are shown it',
  }),
  setAccount: post('/api/admin/funding/bank/account', {
    body: 'bankAccountFields',
    response: 'bankAccount',
    auth: 'operator',
    roles: ['admin'],
    summary: 'Set the platform’s bank account users pay into (audited)',
  }),
  deposits: get('/api/admin/funding/bank/deposits', {
    body: 'bankReviewQuery',
    response: 'bankReviewPage',
    auth: 'operator',
    summary: 'Bank deposits, those pending first',
  }),
  deposit: get('/api/admin/funding/bank/deposit', {
    body: 'bankDepositQuery',
    response: 'bankDepositReview',
    auth: 'operator',
    summary: 'One bank deposit with its payment proof’s upload id and the account it was paid to',
  }),
  approve: post('/api/admin/funding/bank/approve', {
    body: 'approveBankDepositBody',
    response: 'bankDepositReview',
    auth: 'operator',
    roles: ['admin', 'reviewer'],
    summary:
      'Approve a pending bank deposit: the user’s fiat account is credited (audited; the user is notified)',
  }),
  reject: post('/api/admin/funding/bank/reject', {
    body: 'rejectBankDepositBody',
    response: 'bankDepositReview',
    auth: 'operator',
    roles: ['admin', 'reviewer'],
    summary: 'Reject a pending bank deposit with a reason shown to the user (audited; notified)',
  }),
});
