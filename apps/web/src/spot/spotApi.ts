import type { PlaceSpotOrderBody, SpotDepth, SpotOrder, SpotTrade } from '@otc/protocol';
import { api } from '../api/client.ts';
import { MONEY } from '../money/keys.ts';

export type Realm = 'live' | 'demo';
type Paged<T> = { items: T[]; total: number };

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
  place: (body: PlaceSpotOrderBody) => api.post<SpotOrder>('/api/spot/order', body),
  cancel: (id: string) => api.post<SpotOrder>('/api/spot/cancel', { id }),
  openOrders: (symbol: string, page = 1, pageSize = 50) =>
    api.post<Paged<SpotOrder>>('/api/spot/openorders', { symbol, page, pageSize }),
  history: (symbol: string, page = 1, pageSize = 50) =>
    api.post<Paged<SpotOrder>>('/api/spot/history', { symbol, page, pageSize }),
  depth: (symbol: string, realm: Realm, levels = 20) =>
    api.post<SpotDepth>('/api/spot/depth', { symbol, levels, realm }, { toast: false }),
  trades: (symbol: string, realm: Realm, limit = 30) =>
    api
      .post<{ items: SpotTrade[] }>('/api/spot/trades', { symbol, limit, realm }, { toast: false })
      .then((r) => r.items),
};

/** Channel names of the user's book: the demo book for a demo user. */
export function bookChannel(kind: 'depth' | 'trades', symbol: string, realm: Realm): string {
  return `${kind}:${symbol}${realm === 'demo' ? ':demo' : ''}`;
}
