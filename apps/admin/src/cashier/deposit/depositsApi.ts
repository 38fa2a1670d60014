import { depositAdminEndpoints as deposits } from '@otc/protocol/cashier/deposit/endpoints';
import type { DepositStatus } from '@otc/protocol/cashier/deposit/schemas';
import { call } from '../../api/call.ts';

export const depositKeys = {
  list: ['admin', 'deposits', 'list'] as const,
  watcher: ['admin', 'deposits', 'watcher'] as const,
};

export const depositsApi = {
  list: (
    params: { page: number; pageSize: number; status?: DepositStatus | undefined },
    signal?: AbortSignal,
  ) => call(deposits.list, params, signal),
  watcher: (signal?: AbortSignal) => call(deposits.watcher, undefined, signal),
};
