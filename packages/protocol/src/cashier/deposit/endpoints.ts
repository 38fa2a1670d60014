import type { emptyBody } from '../../contract.ts';
import { endpoints, get, post } from '../../endpoint.ts';
import type {
  adminDepositList,
  adminDepositsQuery,
  depositAddress,
  depositAddressBody,
  depositList,
  depositListBody,
  reserves,
  watcherStates,
} from './schemas.ts';

/** The app's chain deposit calls: the address to send USDT to, and the caller's deposit records. */
export const depositEndpoints = endpoints('cashier', {
  address: post<typeof depositAddressBody, typeof depositAddress>('/api/funding/deposit/address', {
    auth: 'user',
    summary:
      'The caller’s USDT deposit address on a chain, with the minimum, the confirmations needed and the enabled chains (demo accounts are refused)',
  }),
  list: post<typeof depositListBody, typeof depositList>('/api/funding/deposit/list', {
    auth: 'user',
    summary: 'The caller’s chain deposits, newest first: pending, credited, below the minimum or dropped',
  }),
  reserves: post<typeof emptyBody, typeof reserves>('/api/funding/reserves', {
    auth: 'public',
    summary:
      'Proof of reserves: USDT on chain (hot wallet and deposit addresses) per enabled chain, to set against the published liabilities',
  }),
});

/** The back office: every deposit, and how far the watcher has read each chain. */
export const depositAdminEndpoints = endpoints('admin', {
  list: get<typeof adminDepositsQuery, typeof adminDepositList>('/api/admin/funding/deposits', {
    auth: 'operator',
    summary: 'Chain deposits of every user, newest first, by status and chain',
  }),
  watcher: get<undefined, typeof watcherStates>('/api/admin/funding/deposit-watcher', {
    auth: 'operator',
    summary: 'The deposit watcher per chain: the last block scanned, the head, the lag, pending deposits',
  }),
});
