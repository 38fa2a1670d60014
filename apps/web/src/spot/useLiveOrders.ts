import { useQueryClient } from '@tanstack/react-query';
import { useUserEvents } from '../ws/useUserEvents.ts';
import { applyOrder, type OrderList, type OrderPage } from './orderEvents.ts';
import { spotKeys } from './spotApi.ts';

/** The first page the order lists show (spotApi's default page size). */
export const ORDERS_PAGE_SIZE = 50;

/**
 * Writes each order event of the `user` channel into the pair's cached order lists, instead of
 * fetching them again: the event carries the whole order. A list being fetched when the event
 * comes is fetched again, as the answer on its way may be older than the event. (A resync is
 * handled by useLiveMoney, which reloads every money query.)
 */
export function useLiveOrders(symbol: string): void {
  const client = useQueryClient();
  useUserEvents(
    (event) => {
      if (event.kind !== 'order' || event.order.symbol !== symbol) return;
      const lists: [OrderList, readonly unknown[]][] = [
        ['open', spotKeys.open(symbol)],
        ['history', spotKeys.history(symbol)],
      ];
      for (const [list, queryKey] of lists) {
        client.setQueryData<OrderPage>(
          queryKey,
          (page) => page && applyOrder(page, event.order, list, ORDERS_PAGE_SIZE),
        );
        if (client.isFetching({ queryKey, exact: true }) > 0)
          void client.invalidateQueries({ queryKey, exact: true });
      }
    },
    () => {},
  );
}
