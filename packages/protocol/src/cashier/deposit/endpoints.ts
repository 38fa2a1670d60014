import { endpoints, routesOn } from '../../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** The app's chain deposit calls: the address to send USDT to, and the caller's deposit records. */
export const depositEndpoints = endpoints('cashier', {
  address: post('/api/funding/deposit/address', {
    body: 'depositAddressBody',
    response: 'depositAddress',
    auth: 'user',
    live: true,
    summary:
      'The caller’s USDT deposit address on a chain, with the minimum, the confirmations needed and the enabled chains (demo accounts are refused)',
  }),
  list: post('/api/funding/deposit/list', {
    body: 'depositListBody',
    response: 'depositList',
    auth: 'user',
    live: true,
    summary: 'The caller’s chain deposits, newest first: pending, credited, below the minimum or dropped',
  }),
  reserves: post('/api/funding/reserves', {
    body: 'emptyBody',
    response: 'reserves',
    auth: 'public',
    summary:
      'Proof of reserves: USDT on chain (hot wallet and deposit addresses) per enabled chain, to set against the published liabilities',
  }),
});

/** The back office: every deposit, and how far the watcher has read each chain. */
export const depositAdminEndpoints = endpoints('admin', {
  list: get('/api/admin/funding/deposits', {
    body: 'adminDepositsQuery',
    response: 'adminDepositList',
    auth: 'operator',
    summary: 'Chain deposits of every user, newest first, by status and chain',
  }),
  watcher: get('/api/admin/funding/deposit-watcher', {
    response: 'watcherStates',
    auth: 'operator',
    summary: 'The deposit watcher per chain: the last block scanned, the head, the lag, pending deposits',
  }),
});
