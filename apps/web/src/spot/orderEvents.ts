import type { SpotOrder } from '@otc/protocol/spot/schemas';

export type OrderList = 'open' | 'history';
export interface OrderPage {
  items: SpotOrder[];
  total: number;
}

/** The list an order is in, as the server lists them: open until filled or cancelled, then history. */
export function listOf(order: SpotOrder): OrderList {
  return order.status === 'open' || order.status === 'partial' ? 'open' : 'history';
}

/**
 * A list's first page (newest first, by id, as the server orders it) after an order changed:
 * replaced where it is, put in its place when it joins the list, taken out when it leaves; never
 * longer than `pageSize`. A change older than the one shown is ignored.
 */
export function applyOrder(page: OrderPage, order: SpotOrder, list: OrderList, pageSize: number): OrderPage {
  const belongs = listOf(order) === list;
  const at = page.items.findIndex((o) => o.id === order.id);
  if (at >= 0) {
    const shown = page.items[at];
    if (shown && shown.updatedAt > order.updatedAt) return page;
    if (!belongs) return { items: page.items.filter((_, i) => i !== at), total: Math.max(0, page.total - 1) };
    return { items: page.items.map((o, i) => (i === at ? order : o)), total: page.total };
  }
  if (!belongs) return page;
  const id = BigInt(order.id);
  const place = page.items.findIndex((o) => BigInt(o.id) < id);
  const items =
    place === -1
      ? [...page.items, order]
      : [...page.items.slice(0, place), order, ...page.items.slice(place)];
  return { items: items.slice(0, pageSize), total: page.total + 1 };
}
