import type { SpotOrder } from '@otc/protocol/spot/schemas';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useUserEvents } from '../ws/useUserEvents.ts';
import { applyOrder, type OrderList, type OrderPage } from './orderEvents.ts';
import { spotKeys } from './spotApi.ts';

/** The first page the order lists show (spotApi's default page size). */
export const ORDERS_PAGE_SIZE = 50;

/**
 * Writes an order as it changed into the pair's cached order lists, instead of fetching them again:
 * the event carries the whole order. A list being fetched is fetched again, as the answer on its
 * way may be older than the event.
 */
export function writeOrder(client: QueryClient, order: SpotOrder): void {
  const lists: [OrderList, readonly unknown[]][] = [
    ['open', spotKeys.open(order.symbol)],
    ['history', spotKeys.history(order.symbol)],
  ];
  for (const [list, queryKey] of lists) {
    client.setQueryData<OrderPage>(
      queryKey,
      (page) => page && applyOrder(page, order, list, ORDERS_PAGE_SIZE),
    );
    // Cancelled first: a list's first load would otherwise be joined, not started again.
    if (client.isFetching({ queryKey, exact: true }) > 0)
      void client
        .cancelQueries({ queryKey, exact: true })
        .then(() => client.invalidateQueries({ queryKey, exact: true }));
  }
}

/** Each order event of the `user` channel for this pair (a resync is useLiveMoney's: it reloads every money query). */
export function useLiveOrders(symbol: string): void {
  const client = useQueryClient();
  useUserEvents(
    (event) => {
      if (event.kind === 'order' && event.order.symbol === symbol) writeOrder(client, event.order);
    },
    () => {},
  );
}
