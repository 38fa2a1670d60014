/**
 * An order's life on the trading pipeline, the same for every product that trades through it (spot
 * now, leveraged positions next). Pure: the status follows from what was ordered, what has filled,
 * and whether the order still rests on its book.
 *
 * `new` is an accepted market order not matched yet (a limit order is stored `open`: one that simply
 * rests needs no second write). After a batch an order is `filled` once all of it traded, else
 * `cancelled` if it no longer rests (the rest of a market order dropped, a cancel), else `partial`
 * or `open` by whether any of it traded.
 */
export type OrderStatus = 'new' | 'open' | 'partial' | 'filled' | 'cancelled';

/** The statuses of an order that can still trade (recovery restores these). */
export const LIVE_STATUSES: readonly OrderStatus[] = ['new', 'open', 'partial'];

/** The status of an order after a batch: `onBook` says whether it still rests on its book. */
export function orderStatus(ordered: bigint, filled: bigint, onBook: boolean): OrderStatus {
  if (filled === ordered) return 'filled';
  if (!onBook) return 'cancelled';
  return filled > 0n ? 'partial' : 'open';
}

/** An ended order trades no more: what it still holds frozen is released. */
export const hasEnded = (status: OrderStatus): boolean => status === 'filled' || status === 'cancelled';
