import { contract, emptyBody } from '../contract.ts';
import { ledgerAdminEndpoints, ledgerEndpoints } from './endpoints.ts';
import {
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

export const ledgerContract = contract(ledgerEndpoints, {
  overview: { body: emptyBody, response: assetsOverview },
  accountLog: { body: accountLogBody, response: accountLogPage },
  transferInfo: { body: emptyBody, response: assetsOverview },
  transfer: { body: transferBody, response: transferRecord },
  transferLog: { body: pageBody, response: transferPage },
  coinTransferInfo: { body: coinTransferInfoBody, response: coinTransferInfo },
  coinTransfer: { body: coinTransferBody, response: coinTransferRecord },
  coinTransferLog: { body: pageBody, response: coinTransferPage },
});

export const ledgerAdminContract = contract(ledgerAdminEndpoints, {
  balances: { body: adminUserQuery, response: assetsOverview },
  journal: { body: adminJournalQuery, response: adminJournalPage },
  adjustments: { body: adjustmentsQuery, response: adjustmentsPage },
  requestAdjustment: { body: createAdjustmentBody, response: adjustment },
  decideAdjustment: { body: decideAdjustmentBody, response: adjustment },
  check: { response: ledgerCheckResult },
});
