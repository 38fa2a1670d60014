import { secondsEndpoints as seconds } from '@otc/protocol/seconds/endpoints';
import type { PlaceSecondsBody } from '@otc/protocol/seconds/schemas';
import { type CallOptions, call } from '../api/call.ts';
import { MONEY } from '../money/keys.ts';

/**
 * Contracts sit under the money prefix: whatever moves money refreshes them with the balances.
 * The products (periods, ratios, the loss share) are public and change rarely.
 */
export const secondsKeys = {
  products: ['seconds', 'products'] as const,
  access: [MONEY, 'seconds', 'access'] as const,
  all: [MONEY, 'seconds'] as const,
  list: (status: 'open' | 'completed') => [MONEY, 'seconds', 'list', status] as const,
};

export const secondsApi = {
  products: () => call(seconds.products, undefined, { toast: false }),
  access: () => call(seconds.access, {}, { toast: false }),
  place: (body: PlaceSecondsBody, options: CallOptions = {}) => call(seconds.place, body, options),
  /** A settled contract's stretch of the index's tick chain, to recompute here. */
  proof: (id: string) => call(seconds.proof, { id }, { toast: false }),
  list: (status: 'open' | 'completed', page = 1, pageSize = 50) =>
    call(seconds.orders, { status, page, pageSize }),
};
