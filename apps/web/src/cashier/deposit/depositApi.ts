import { depositEndpoints as deposit } from '@otc/protocol/cashier/deposit/endpoints';
import { type CallOptions, call } from '../../api/call.ts';

export const depositKeys = {
  address: (chainId: number | undefined) => ['cashier', 'deposit', 'address', chainId ?? 'default'] as const,
  list: ['cashier', 'deposit', 'list'] as const,
};

export const depositApi = {
  /** The caller's USDT address on a chain (the first enabled one when none is asked for). */
  address: (chainId: number | undefined, options: CallOptions = {}) =>
    call(deposit.address, chainId === undefined ? {} : { chainId }, options),
  /** One page of the caller's deposit records, newest first. */
  list: (page: number, pageSize: number) => call(deposit.list, { page, pageSize }),
};
