import { chainStatusEndpoints } from '@otc/protocol/cashier/chain/endpoints';
import { call } from '../../api/call.ts';

export const chainStatusKeys = { status: ['admin', 'chains', 'status'] as const };

export const chainStatusApi = {
  status: (signal?: AbortSignal) => call(chainStatusEndpoints.status, undefined, signal),
};
