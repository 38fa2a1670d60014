import { bankDepositAdminEndpoints as bank } from '@otc/protocol/cashier/bank/endpoints';
import type { BankAccountFields, BankDepositStatusName } from '@otc/protocol/cashier/bank/schemas';
import { call } from '../../api/call.ts';

export const bankKeys = {
  all: ['admin', 'bank'] as const,
  list: ['admin', 'bank', 'list'] as const,
  deposit: (id: string) => ['admin', 'bank', 'deposit', id] as const,
  account: ['admin', 'bank', 'account'] as const,
};

export const bankApi = {
  deposits: (
    params: { page: number; pageSize: number; status?: BankDepositStatusName | undefined },
    signal?: AbortSignal,
  ) => call(bank.deposits, params, signal),
  deposit: (id: string, signal?: AbortSignal) => call(bank.deposit, { id }, signal),
  approve: (id: string) => call(bank.approve, { id }),
  reject: (id: string, reason: string) => call(bank.reject, { id, reason }),
  account: (signal?: AbortSignal) => call(bank.account, undefined, signal),
  setAccount: (fields: { [K in keyof BankAccountFields]: string }) => call(bank.setAccount, fields),
};
