import { type MarketSpec, parseUnits, type RestoreOrder } from '@otc/core';
import type { OrderRow } from './rows.ts';

/** Putting stored orders back on a book after a restart. */

/**
 * A stored order as the book restores it: as ordered, with what it has filled. Restoring skips
 * the entry rules (a remainder below the minimum notional was valid when placed) but still matches.
 */
export function restoreOrder(spec: MarketSpec, r: OrderRow): RestoreOrder {
  return {
    id: r.id,
    owner: r.user_id,
    side: r.side,
    type: r.type,
    ...(r.type === 'limit' ? { price: parseUnits(r.price ?? '0') / spec.tickUnits } : {}),
    qty: parseUnits(r.qty) / spec.lotUnits,
    filled: parseUnits(r.filled) / spec.lotUnits,
  };
}
