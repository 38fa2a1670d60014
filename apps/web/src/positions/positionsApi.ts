import type { User } from '@otc/protocol/auth/schemas';
import type { PositionProduct } from '@otc/protocol/positions/constants';
import { stockEndpoints as cfd, contractEndpoints as perp } from '@otc/protocol/positions/endpoints';
import type { PlacePositionOrderBody } from '@otc/protocol/positions/schemas';
import { type CallOptions, call } from '../api/call.ts';
import { useSession } from '../api/useSession.ts';
import { MONEY } from '../money/keys.ts';

/**
 * Leveraged positions' calls: perpetuals on `/api/contract/*`, CFDs on the seed's `/api/stock/*`,
 * one engine. Positions and orders sit under the money prefix, so whatever moves money refreshes them.
 */
export const positionKeys = {
  all: [MONEY, 'positions'] as const,
  open: (product: PositionProduct | 'all') => [MONEY, 'positions', 'open', product] as const,
  history: (product: PositionProduct | 'all', page: number) =>
    [MONEY, 'positions', 'history', product, page] as const,
  orders: (product: PositionProduct, status: 'open' | 'history', symbol: string | null) =>
    [MONEY, 'positions', 'orders', product, status, symbol] as const,
  /** Per viewer: a perpetual's funding rate is its realm's (a demo user's differs from a visitor's). */
  detail: (product: PositionProduct, symbol: string, viewer: Viewer) =>
    ['position-detail', product, symbol, viewer] as const,
};

/** Who reads a position market's detail: a signed-in user's kind, or a visitor (the live realm). */
export type Viewer = User['kind'] | 'visitor';

export function useViewer(): Viewer {
  return useSession().user?.kind ?? 'visitor';
}

export const ORDERS_PAGE_SIZE = 50;
export const HISTORY_PAGE_SIZE = 20;

const orderEndpoint = (product: PositionProduct) => (product === 'perp' ? perp.order : cfd.order);

export const positionsApi = {
  detail: (product: PositionProduct, symbol: string) =>
    call(product === 'perp' ? perp.detail : cfd.detail, { symbol }, { toast: false }),
  place: (product: PositionProduct, body: PlacePositionOrderBody, options: CallOptions = {}) =>
    call(orderEndpoint(product), body, options),
  cancel: (product: PositionProduct, id: string) =>
    call(product === 'perp' ? perp.cancelOrder : cfd.cancelOrder, { id }),
  orders: (product: PositionProduct, status: 'open' | 'history', symbol: string | null) =>
    call(product === 'perp' ? perp.orderList : cfd.orderList, {
      status,
      page: 1,
      pageSize: ORDERS_PAGE_SIZE,
      ...(symbol ? { symbol } : {}),
    }),
  /** Open positions of both products (or one), with the server's figures at the mark. */
  open: (product: PositionProduct | 'all') => call(perp.positions, product === 'all' ? {} : { product }),
  history: (product: PositionProduct | 'all', page: number) =>
    call(perp.history, { page, pageSize: HISTORY_PAGE_SIZE, ...(product === 'all' ? {} : { product }) }),
  /** A CFD closes on the seed's `dealorder`, a perpetual on `close`: the same engine. */
  close: (product: PositionProduct, body: { id: string; lots?: string; idempotencyKey: string }) =>
    call(product === 'perp' ? perp.close : cfd.dealOrder, body, { toast: false }),
  reverse: (body: { id: string; idempotencyKey: string }) => call(perp.reverse, body, { toast: false }),
  closeAll: (body: { product?: PositionProduct; idempotencyKey: string }) =>
    call(perp.closeAll, body, { toast: false }),
  tpsl: (body: { id: string; tp: string | null; sl: string | null }) =>
    call(perp.tpsl, body, { toast: false }),
};
