import type { SpotOrder } from '@otc/protocol/spot/schemas';
import { describe, expect, it } from 'vitest';
import { applyOrder, listOf } from './orderEvents.ts';

const order = (id: string, over: Partial<SpotOrder> = {}): SpotOrder => ({
  id,
  symbol: 'BTC/USDT',
  side: 'buy',
  type: 'limit',
  price: '100',
  qty: '1',
  filled: '0',
  avgPrice: null,
  fee: '0',
  status: 'open',
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...over,
});
const later = '2026-11-25T10:00:05.000Z';

describe('listOf', () => {
  it('keeps open and partial orders open, and the rest in history', () => {
    expect(listOf(order('1'))).toBe('open');
    expect(listOf(order('1', { status: 'partial' }))).toBe('open');
    expect(listOf(order('1', { status: 'filled' }))).toBe('history');
    expect(listOf(order('1', { status: 'cancelled' }))).toBe('history');
  });
});

describe('applyOrder', () => {
  const open = { items: [order('9'), order('5'), order('2')], total: 3 };

  it('puts a new order in its place by id, newest first, within the page size', () => {
    const next = applyOrder(open, order('7'), 'open', 50);
    expect(next.items.map((o) => o.id)).toEqual(['9', '7', '5', '2']);
    expect(next.total).toBe(4);
    expect(applyOrder(open, order('10'), 'open', 3).items.map((o) => o.id)).toEqual(['10', '9', '5']);
    expect(applyOrder(open, order('1'), 'open', 50).items.map((o) => o.id)).toEqual(['9', '5', '2', '1']);
  });

  it('replaces an order that changed, and takes it out of the list it left', () => {
    const partial = order('5', { status: 'partial', filled: '0.5', updatedAt: later });
    expect(applyOrder(open, partial, 'open', 50).items[1]).toBe(partial);
    const filled = order('5', { status: 'filled', filled: '1', updatedAt: later });
    const next = applyOrder(open, filled, 'open', 50);
    expect(next.items.map((o) => o.id)).toEqual(['9', '2']);
    expect(next.total).toBe(2);
    expect(applyOrder({ items: [], total: 0 }, filled, 'history', 50).items).toEqual([filled]);
  });

  it('leaves the page as it is for an order of the other list or an older change', () => {
    expect(applyOrder(open, order('7', { status: 'cancelled' }), 'open', 50)).toBe(open);
    const newer = { items: [order('5', { status: 'partial', updatedAt: later })], total: 1 };
    expect(applyOrder(newer, order('5'), 'open', 50)).toBe(newer);
  });
});
