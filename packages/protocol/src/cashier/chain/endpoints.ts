import { endpoints, get } from '../../endpoint.ts';
import type { chainStatuses } from './schemas.ts';

/** The back office's hot wallet and chain status (read from the chains; audited). */
export const chainStatusEndpoints = endpoints('admin', {
  status: get<undefined, typeof chainStatuses>('/api/admin/funding/chain-status', {
    auth: 'operator',
    summary:
      'Per enabled chain: the hot wallet’s USDT and native balances, the gas account (underfunded or not), the watcher, sweeps with their reasons, withdrawals waiting for funds',
  }),
});
