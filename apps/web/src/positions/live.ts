import { formatUnits, parseUnits, type Units } from '@otc/core/money/decimal';
import { PAR, type QuoteConversion } from '@otc/core/positions/quote';
import { returnRate, riskRatio, unrealisedPnl } from '@otc/core/positions/risk';
import type { MarginBracket, PositionState } from '@otc/core/positions/types';
import type { Position, PositionOrder } from '@otc/protocol/positions/schemas';

/**
 * The positions and orders on screen as they change, pure: a socket event carries the whole row,
 * written into the cached lists in place; the figures at the mark follow each ticker.
 */
export interface PositionList {
  items: Position[];
}
export interface OrderPage {
  items: PositionOrder[];
  total: number;
}

const newestFirst = (a: { id: string }, b: { id: string }) => {
  const x = BigInt(a.id);
  const y = BigInt(b.id);
  return x === y ? 0 : x > y ? -1 : 1;
};

/** An open position replaces its row (or joins the list); a closed one leaves it. */
export function applyPosition(list: PositionList, position: Position): PositionList {
  const rest = list.items.filter((p) => p.id !== position.id);
  if (position.status !== 'open') {
    return rest.length === list.items.length ? list : { items: rest };
  }
  return { items: [...rest, position].sort(newestFirst) };
}

/** The list an order is in: open while it rests, history once filled, cancelled or rejected. */
export const orderListOf = (order: PositionOrder): 'open' | 'history' =>
  order.status === 'open' ? 'open' : 'history';

/** An order replaces its row, joins the first page of its list, or leaves the list it left. */
export function applyPositionOrder(
  page: OrderPage,
  order: PositionOrder,
  list: 'open' | 'history',
  pageSize: number,
): OrderPage {
  const had = page.items.some((o) => o.id === order.id);
  const rest = page.items.filter((o) => o.id !== order.id);
  if (orderListOf(order) !== list) {
    return had ? { items: rest, total: Math.max(0, page.total - 1) } : page;
  }
  const items = [...rest, order].sort(newestFirst).slice(0, pageSize);
  return { items, total: had ? page.total : page.total + 1 };
}

export const stateOf = (p: Position): PositionState => ({
  side: p.side,
  lots: parseUnits(p.lots),
  entry: parseUnits(p.entryPrice),
  margin: parseUnits(p.margin),
  leverage: p.leverage,
  // The close-out floor its owner's country set at opening (decision 0150).
  ...(parseUnits(p.closeOut) > 0n ? { floor: parseUnits(p.closeOut) } : {}),
});

/**
 * The position's figures at a newer mark (a ticker): unrealised PnL and return, and the risk ratio
 * when its brackets are known (else the server's stay), in USDT by the quote's conversion (its
 * detail's; a cross's leg as of that read). The liquidation price does not move with the mark. An
 * unknown or unreadable mark, or no conversion yet (null), changes nothing.
 */
export function atMark(
  p: Position,
  mark: string | undefined,
  brackets?: readonly MarginBracket[],
  conv: QuoteConversion | null = PAR,
): Position {
  if (mark === undefined || mark === p.markPrice || p.status !== 'open' || conv === null) return p;
  let m: Units;
  try {
    m = parseUnits(mark);
  } catch {
    return p;
  }
  if (m <= 0n) return p;
  const state = stateOf(p);
  const ratio = brackets ? riskRatio(state, m, brackets, conv) : undefined;
  return {
    ...p,
    markPrice: mark,
    unrealisedPnl: formatUnits(unrealisedPnl(state, m, conv)),
    returnRate: formatUnits(returnRate(state, m, conv)),
    riskRatio: ratio === undefined ? p.riskRatio : ratio === null ? null : formatUnits(ratio),
  };
}
