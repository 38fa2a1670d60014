import type { Position, PositionOrder } from '@otc/protocol/positions/schemas';
import { USER_CHANNEL } from '@otc/protocol/socket/constants';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../ws/useChannel.ts';
import { applyPosition, applyPositionOrder, type OrderPage, type PositionList } from './live.ts';
import { ORDERS_PAGE_SIZE, positionKeys } from './positionsApi.ts';

type PositionsEvent =
  | { kind: 'position'; position: Position }
  | { kind: 'positionOrder'; order: PositionOrder };

function isPositionsEvent(data: unknown): data is PositionsEvent {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as { kind?: unknown; position?: unknown; order?: unknown };
  return (
    (d.kind === 'position' && typeof d.position === 'object' && d.position !== null) ||
    (d.kind === 'positionOrder' && typeof d.order === 'object' && d.order !== null)
  );
}

/** A position as it changed, into every cached list of open positions; closing refreshes history. */
export function writePosition(client: QueryClient, position: Position): void {
  for (const product of ['all', position.product] as const) {
    client.setQueryData<PositionList>(
      positionKeys.open(product),
      (list) => list && applyPosition(list, position),
    );
  }
  if (position.status !== 'open')
    void client.invalidateQueries({ queryKey: [...positionKeys.all, 'history'] });
}

/** An order as it changed, into its product's cached order lists (all symbols, and its own). */
export function writePositionOrder(client: QueryClient, order: PositionOrder): void {
  for (const status of ['open', 'history'] as const) {
    for (const symbol of [null, order.symbol]) {
      const queryKey = positionKeys.orders(order.product, status, symbol);
      client.setQueryData<OrderPage>(
        queryKey,
        (page) => page && applyPositionOrder(page, order, status, ORDERS_PAGE_SIZE),
      );
    }
  }
}

/**
 * The private `user` channel's position and position-order events, written into the cache as they
 * come (the event carries the whole row); after a reconnect or a gap every list is fetched again.
 */
export function usePositionEvents(enabled = true): void {
  const client = useQueryClient();
  // A guest has no private channel.
  useChannel<unknown>(enabled ? USER_CHANNEL : null, (data, info) => {
    if (info.type !== 'data') {
      void client.invalidateQueries({ queryKey: positionKeys.all });
      return;
    }
    if (!isPositionsEvent(data)) return;
    if (data.kind === 'position') writePosition(client, data.position);
    else writePositionOrder(client, data.order);
  });
}
