import { endpoints, routesOn } from '../../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get } = routesOn<typeof schemas>();

/** The back office's hot wallet and chain status (read from the chains; audited). */
export const chainStatusEndpoints = endpoints('admin', {
  status: get('/api/admin/funding/chain-status', {
    response: 'chainStatuses',
    auth: 'operator',
    summary:
      'Per enabled chain: the hot wallet’s USDT and native balances, the gas account (underfunded or not), the watcher, sweeps with their reasons, withdrawals waiting for funds',
  }),
});
