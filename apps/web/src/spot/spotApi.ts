import type { Realm } from '@otc/protocol/ledger/schemas';
import { spotEndpoints as spot } from '@otc/protocol/spot/endpoints';
import type { PlaceSpotOrderBody } from '@otc/protocol/spot/schemas';
import { type CallOptions, call } from '../api/call.ts';
import { MONEY } from '../money/keys.ts';

export type { Realm };

/**
 * Order lists sit under the money prefix: whatever moves money (an order here, a transfer
 * elsewhere) refreshes them along with the balances.
 */
export const spotKeys = {
  all: [MONEY, 'spot'] as const,
  open: (symbol: string) => [MONEY, 'spot', 'open', symbol] as const,
  history: (symbol: string) => [MONEY, 'spot', 'history', symbol] as const,
  depth: (symbol: string, realm: Realm) => ['spot-book', 'depth', symbol, realm] as const,
  trades: (symbol: string, realm: Realm) => ['spot-book', 'trades', symbol, realm] as const,
};

export const spotApi = {
  place: (body: PlaceSpotOrderBody, options: CallOptions = {}) => call(spot.place, body, options),
  cancel: (id: string) => call(spot.cancel, { id }),
  openOrders: (symbol: string, page = 1, pageSize = 50) => call(spot.openOrders, { symbol, page, pageSize }),
  history: (symbol: string, page = 1, pageSize = 50) => call(spot.history, { symbol, page, pageSize }),
  depth: (symbol: string, realm: Realm, levels = 20) =>
    call(spot.depth, { symbol, levels, realm }, { toast: false }),
  trades: (symbol: string, realm: Realm, limit = 30) =>
    call(spot.trades, { symbol, limit, realm }, { toast: false }).then((r) => r.items),
};
