import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** The user's money: balances, journals and transfers. */
export const ledgerEndpoints = endpoints('ledger', {
  overview: post('/api/assets/overview', {
    body: 'emptyBody',
    response: 'assetsOverview',
    auth: 'user',
    summary: 'Balances of the funding, contract and fiat accounts, valued in USDT',
  }),
  accountLog: post('/api/assets/accountlog', {
    body: 'accountLogBody',
    response: 'accountLogPage',
    auth: 'user',
    summary: 'The journal of one account (paged, newest first)',
  }),
  transferInfo: post('/api/credit/transferinfo', {
    body: 'emptyBody',
    response: 'assetsOverview',
    auth: 'user',
    summary: 'Balances for a transfer between own accounts',
  }),
  transfer: post('/api/credit/transfer', {
    body: 'transferBody',
    response: 'transferRecord',
    auth: 'user',
    summary: 'Transfer between own accounts (idempotent)',
  }),
  transferLog: post('/api/credit/transferlog', {
    body: 'pageBody',
    response: 'transferPage',
    auth: 'user',
    summary: 'Own-account transfer records',
  }),
  coinTransferInfo: post('/api/credit/cointransferinfo', {
    body: 'coinTransferInfoBody',
    response: 'coinTransferInfo',
    auth: 'user',
    live: true,
    summary: 'Internal transfer form: funding balances and the masked recipient',
  }),
  coinTransfer: post('/api/credit/cointransfer', {
    body: 'coinTransferBody',
    response: 'coinTransferRecord',
    auth: 'user',
    live: true,
    summary: 'Transfer to another user ID with the transaction password (idempotent, cannot be undone)',
  }),
  coinTransferLog: post('/api/credit/cointransferlog', {
    body: 'pageBody',
    response: 'coinTransferPage',
    auth: 'user',
    summary: 'Internal transfer records, sent and received',
  }),
});

/** The ledger in the back office: read by any operator, changed by admins. */
export const ledgerAdminEndpoints = endpoints('admin', {
  balances: get('/api/admin/ledger/balances', {
    body: 'adminUserQuery',
    response: 'assetsOverview',
    auth: 'operator',
    summary: "A user's balances",
  }),
  journal: get('/api/admin/ledger/journal', {
    body: 'adminJournalQuery',
    response: 'adminJournalPage',
    auth: 'operator',
    summary: "A user's journal entries",
  }),
  adjustments: get('/api/admin/ledger/adjustments', {
    body: 'adjustmentsQuery',
    response: 'adjustmentsPage',
    auth: 'operator',
    summary: 'Manual adjustments',
  }),
  requestAdjustment: post('/api/admin/ledger/adjustments', {
    body: 'createAdjustmentBody',
    response: 'adjustment',
    auth: 'operator',
    roles: ['admin'],
    summary: 'Ask for a manual adjustment (a second operator decides)',
  }),
  decideAdjustment: post('/api/admin/ledger/adjustments/decide', {
    body: 'decideAdjustmentBody',
    response: 'adjustment',
    auth: 'operator',
    roles: ['admin'],
    summary: "Approve or reject another operator's adjustment",
  }),
  check: get('/api/admin/ledger/check', {
    response: 'ledgerCheckResult',
    auth: 'operator',
    summary: 'Run the ledger invariant check',
  }),
  treasuryExposure: get('/api/admin/treasury/exposure', {
    response: 'treasuryExposure',
    auth: 'operator',
    summary:
      'Treasury exposure per realm and asset: the balance, each area’s payments promised over the next 30 days, their total and what is left',
  }),
});
