import type { emptyBody } from '../contract.ts';
import { endpoints, get, post } from '../endpoint.ts';
import type {
  accountLogBody,
  accountLogPage,
  adjustment,
  adjustmentsPage,
  adjustmentsQuery,
  adminJournalPage,
  adminJournalQuery,
  adminUserQuery,
  assetsOverview,
  coinTransferBody,
  coinTransferInfo,
  coinTransferInfoBody,
  coinTransferPage,
  coinTransferRecord,
  createAdjustmentBody,
  decideAdjustmentBody,
  ledgerCheckResult,
  pageBody,
  transferBody,
  transferPage,
  transferRecord,
} from './schemas.ts';

/** The user's money: balances, journals and transfers. */
export const ledgerEndpoints = endpoints('ledger', {
  overview: post<typeof emptyBody, typeof assetsOverview>('/api/assets/overview', {
    auth: 'user',
    summary: 'Balances of the funding, contract and fiat accounts, valued in USDT',
  }),
  accountLog: post<typeof accountLogBody, typeof accountLogPage>('/api/assets/accountlog', {
    auth: 'user',
    summary: 'The journal of one account (paged, newest first)',
  }),
  transferInfo: post<typeof emptyBody, typeof assetsOverview>('/api/credit/transferinfo', {
    auth: 'user',
    summary: 'Balances for a transfer between own accounts',
  }),
  transfer: post<typeof transferBody, typeof transferRecord>('/api/credit/transfer', {
    auth: 'user',
    summary: 'Transfer between own accounts (idempotent)',
  }),
  transferLog: post<typeof pageBody, typeof transferPage>('/api/credit/transferlog', {
    auth: 'user',
    summary: 'Own-account transfer records',
  }),
  coinTransferInfo: post<typeof coinTransferInfoBody, typeof coinTransferInfo>(
    '/api/credit/cointransferinfo',
    {
      auth: 'user',
      summary: 'Internal transfer form: funding balances and the masked recipient',
    },
  ),
  coinTransfer: post<typeof coinTransferBody, typeof coinTransferRecord>('/api/credit/cointransfer', {
    auth: 'user',
    summary: 'Transfer to another user ID with the transaction password (idempotent, cannot be undone)',
  }),
  coinTransferLog: post<typeof pageBody, typeof coinTransferPage>('/api/credit/cointransferlog', {
    auth: 'user',
    summary: 'Internal transfer records, sent and received',
  }),
});

/** The ledger in the back office: read by any operator, changed by admins. */
export const ledgerAdminEndpoints = endpoints('admin', {
  balances: get<typeof adminUserQuery, typeof assetsOverview>('/api/admin/ledger/balances', {
    auth: 'operator',
    summary: "A user's balances",
  }),
  journal: get<typeof adminJournalQuery, typeof adminJournalPage>('/api/admin/ledger/journal', {
    auth: 'operator',
    summary: "A user's journal entries",
  }),
  adjustments: get<typeof adjustmentsQuery, typeof adjustmentsPage>('/api/admin/ledger/adjustments', {
    auth: 'operator',
    summary: 'Manual adjustments',
  }),
  requestAdjustment: post<typeof createAdjustmentBody, typeof adjustment>('/api/admin/ledger/adjustments', {
    auth: 'operator',
    roles: ['admin'],
    summary: 'Ask for a manual adjustment (a second operator decides)',
  }),
  decideAdjustment: post<typeof decideAdjustmentBody, typeof adjustment>(
    '/api/admin/ledger/adjustments/decide',
    { auth: 'operator', roles: ['admin'], summary: "Approve or reject another operator's adjustment" },
  ),
  check: get<undefined, typeof ledgerCheckResult>('/api/admin/ledger/check', {
    auth: 'operator',
    summary: 'Run the ledger invariant check',
  }),
});
