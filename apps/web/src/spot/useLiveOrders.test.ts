import type { SpotOrder } from '@otc/protocol/spot/schemas';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { OrderPage } from './orderEvents.ts';
import { spotKeys } from './spotApi.ts';
import { writeOrder } from './useLiveOrders.ts';

const order = (id: string, over: Partial<SpotOrder> = {}): SpotOrder => ({
  id,
  symbol: 'BTC/USDT',
  side: 'sell',
  type: 'limit',
  price: '120000',
  qty: '0.01',
  filled: '0',
  avgPrice: null,
  fee: '0',
  status: 'open',
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...over,
});

describe('writeOrder', () => {
  it('moves an order from the open list to history in the cache, fetching nothing', () => {
    const client = new QueryClient();
    const open = spotKeys.open('BTC/USDT');
    const history = spotKeys.history('BTC/USDT');
    client.setQueryData<OrderPage>(open, { items: [order('3')], total: 1 });
    client.setQueryData<OrderPage>(history, { items: [], total: 0 });
    const cancelled = order('3', { status: 'cancelled', updatedAt: '2026-11-25T10:01:00.000Z' });
    writeOrder(client, cancelled);
    expect(client.getQueryData(open)).toEqual({ items: [], total: 0 });
    expect(client.getQueryData(history)).toEqual({ items: [cancelled], total: 1 });
    expect(client.isFetching()).toBe(0);
  });

  it('fetches a shown list again when its answer was on the way, as it may predate the event', async () => {
    const client = new QueryClient();
    const open = spotKeys.open('BTC/USDT');
    let calls = 0;
    const answer = { items: [order('3')], total: 1 };
    // A screen shows the list: its first answer is on the way.
    const shown = new QueryObserver(client, { queryKey: open, queryFn: async () => ++calls && answer });
    const stop = shown.subscribe(() => {});
    expect(client.isFetching({ queryKey: open })).toBe(1);
    writeOrder(client, order('4'));
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toBe(2);
    expect(client.getQueryData(open)).toEqual(answer);
    stop();
  });

  it('leaves lists not in the cache alone', () => {
    const client = new QueryClient();
    writeOrder(client, order('5'));
    expect(client.getQueryData(spotKeys.open('BTC/USDT'))).toBeUndefined();
  });
});
