import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { OrderPage, PositionList } from './live.ts';
import { positionKeys } from './positionsApi.ts';
import { order, position } from './testRows.ts';
import { writePosition, writePositionOrder } from './usePositionEvents.ts';

describe('position events into the cache', () => {
  it('a position joins the list of all products and of its own, not the other product’s', () => {
    const client = new QueryClient();
    for (const p of ['all', 'perp', 'cfd'] as const)
      client.setQueryData<PositionList>(positionKeys.open(p), { items: [] });
    writePosition(client, position({ id: '3', product: 'perp' }));
    expect(client.getQueryData<PositionList>(positionKeys.open('all'))?.items.map((p) => p.id)).toEqual([
      '3',
    ]);
    expect(client.getQueryData<PositionList>(positionKeys.open('perp'))?.items.map((p) => p.id)).toEqual([
      '3',
    ]);
    expect(client.getQueryData<PositionList>(positionKeys.open('cfd'))?.items).toEqual([]);
  });

  it('a closed position leaves the open lists and marks the history stale', () => {
    const client = new QueryClient();
    client.setQueryData<PositionList>(positionKeys.open('all'), { items: [position({ id: '3' })] });
    client.setQueryData(positionKeys.history('all', 1), { items: [], total: 0 });
    writePosition(client, position({ id: '3', status: 'closed', closeReason: 'user' }));
    expect(client.getQueryData<PositionList>(positionKeys.open('all'))?.items).toEqual([]);
    expect(client.getQueryState(positionKeys.history('all', 1))?.isInvalidated).toBe(true);
  });

  it('an order event moves the order between its product’s lists, for all symbols and its own', () => {
    const client = new QueryClient();
    for (const symbol of [null, 'AAPL']) {
      client.setQueryData<OrderPage>(positionKeys.orders('cfd', 'open', symbol), {
        items: [order()],
        total: 1,
      });
      client.setQueryData<OrderPage>(positionKeys.orders('cfd', 'history', symbol), { items: [], total: 0 });
    }
    writePositionOrder(client, order({ status: 'cancelled' }));
    for (const symbol of [null, 'AAPL']) {
      expect(client.getQueryData<OrderPage>(positionKeys.orders('cfd', 'open', symbol))?.total).toBe(0);
      expect(
        client.getQueryData<OrderPage>(positionKeys.orders('cfd', 'history', symbol))?.items[0]?.status,
      ).toBe('cancelled');
    }
  });
});
