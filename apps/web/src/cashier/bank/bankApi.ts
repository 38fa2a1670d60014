import { bankDepositEndpoints as bank } from '@otc/protocol/cashier/bank/endpoints';
import type { SubmitBankDepositBody } from '@otc/protocol/cashier/bank/schemas';
import { call } from '../../api/call.ts';

export const bankKeys = {
  info: ['cashier', 'bank', 'info'] as const,
  records: ['cashier', 'bank', 'records'] as const,
};

/** The records page shows the latest bank deposits; older ones are rare enough not to page yet. */
const RECORDS_PAGE = 50;

export const bankApi = {
  /** The platform's bank account to pay into, the minimum and the account credited. */
  info: () => call(bank.info, undefined, { toast: false }),
  /** Errors are shown by the form (under the field the server names, else a toast). */
  submit: (body: SubmitBankDepositBody) => call(bank.submit, body, { toast: false }),
  records: () => call(bank.list, { page: 1, pageSize: RECORDS_PAGE }, { toast: false }),
};
