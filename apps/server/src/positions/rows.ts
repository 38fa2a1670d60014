import {
  canonicalDecimal,
  formatUnits,
  liquidationPrice,
  type MarginBracket,
  type PositionState,
  parseUnits,
  type QuoteConversion,
  returnRate,
  riskRatio,
  type Units,
  unrealisedPnl,
} from '@otc/core';
import type { CloseReason } from '@otc/protocol/positions/constants';
import type { Position, PositionOrder } from '@otc/protocol/positions/schemas';

/** A `positions` row as the area reads it (amounts as decimal text). */
export interface PositionRow {
  id: string;
  user_id: string;
  realm: 'live' | 'demo';
  symbol: string;
  product: 'perp' | 'cfd';
  side: 'long' | 'short';
  lots: string;
  entry_price: string;
  leverage: number;
  margin: string;
  tp: string | null;
  sl: string | null;
  fees: string;
  stamp_duty: string;
  funding: string;
  realised_pnl: string;
  /** The close-out floor fixed at opening (decision 0150): the lowest maintenance rate; '0': none. */
  close_out: string;
  close_price: string | null;
  close_reason: CloseReason | null;
  status: 'open' | 'closed';
  opened_at: Date;
  closed_at: Date | null;
  updated_at: Date;
}

export const POSITION_COLUMNS = `id::text AS id, user_id::text AS user_id, realm, symbol, product, side, lots::text AS lots,
  entry_price::text AS entry_price, leverage, margin::text AS margin, tp::text AS tp, sl::text AS sl, fees::text AS fees,
  stamp_duty::text AS stamp_duty, funding::text AS funding, realised_pnl::text AS realised_pnl,
  close_out::text AS close_out, close_price::text AS close_price, close_reason, status, opened_at, closed_at, updated_at`;

/** A `position_orders` row. */
export interface PositionOrderRow {
  id: string;
  user_id: string;
  realm: 'live' | 'demo';
  symbol: string;
  product: 'perp' | 'cfd';
  side: 'long' | 'short';
  type: 'market' | 'limit';
  action: 'open' | 'close' | 'reverse' | 'liquidate';
  position_id: string | null;
  lots: string;
  price: string | null;
  leverage: number;
  tp: string | null;
  sl: string | null;
  frozen: string;
  /** An opening order's close-out floor, from its owner's country when placed (decision 0150); '0': none. */
  close_out: string;
  status: 'new' | 'open' | 'filled' | 'cancelled' | 'rejected';
  fill_price: string | null;
  reason: string | null;
  close_reason: CloseReason | null;
  created_at: Date;
  updated_at: Date;
}

export const ORDER_COLUMNS = `id::text AS id, user_id::text AS user_id, realm, symbol, product, side, type, action,
  position_id::text AS position_id, lots::text AS lots, price::text AS price, leverage, tp::text AS tp, sl::text AS sl,
  frozen::text AS frozen, close_out::text AS close_out, status, fill_price::text AS fill_price, reason, close_reason,
  created_at, updated_at`;

const text = (v: string | null) => (v === null ? null : canonicalDecimal(v));
const ms = (d: Date | string) => new Date(d).getTime();

/** The position as core computes with it. */
export function stateOf(r: PositionRow): PositionState {
  return {
    side: r.side,
    lots: parseUnits(r.lots),
    entry: parseUnits(r.entry_price),
    margin: parseUnits(r.margin),
    leverage: r.leverage,
    ...floorOf(r.close_out),
  };
}

/** A stored close-out floor as core's `floor` (none when 0). */
export function floorOf(text: string | null | undefined): { floor?: Units } {
  const floor = text ? parseUnits(text) : 0n;
  return floor > 0n ? { floor } : {};
}

/** A position as users see it: an open one with its live numbers at the mark (null without a mark). */
export function toPosition(
  r: PositionRow,
  mark: Units | undefined,
  brackets: readonly MarginBracket[],
  conv: QuoteConversion | null,
): Position {
  const open = r.status === 'open' && parseUnits(r.lots) > 0n;
  const s = stateOf(r);
  // Money is shown in USDT: without the quote's rate (its USD leg unpriced) the live figures are "--".
  const live = open && mark !== undefined && conv !== null;
  const ratio = live ? riskRatio(s, mark, brackets, conv) : null;
  const liq = open && conv !== null ? liquidationPrice(s, brackets, conv) : null;
  return {
    id: r.id,
    symbol: r.symbol,
    product: r.product,
    side: r.side,
    lots: canonicalDecimal(r.lots),
    entryPrice: canonicalDecimal(r.entry_price),
    leverage: r.leverage,
    margin: canonicalDecimal(r.margin),
    closeOut: canonicalDecimal(r.close_out),
    tp: text(r.tp),
    sl: text(r.sl),
    fees: canonicalDecimal(r.fees),
    stampDuty: canonicalDecimal(r.stamp_duty),
    funding: canonicalDecimal(r.funding),
    markPrice: live ? formatUnits(mark) : null,
    unrealisedPnl: live ? formatUnits(unrealisedPnl(s, mark, conv)) : null,
    returnRate: live ? formatUnits(returnRate(s, mark, conv)) : null,
    riskRatio: ratio === null ? null : formatUnits(ratio),
    liquidationPrice: liq === null ? null : formatUnits(liq),
    status: r.status,
    realisedPnl: canonicalDecimal(r.realised_pnl),
    closePrice: text(r.close_price),
    closeReason: r.close_reason,
    openedAt: ms(r.opened_at),
    closedAt: r.closed_at === null ? null : ms(r.closed_at),
  };
}

/** An order as users see it: a stored order not matched yet ('new') reads as open. */
export function toPositionOrder(r: PositionOrderRow): PositionOrder {
  return {
    id: r.id,
    symbol: r.symbol,
    product: r.product,
    side: r.side,
    type: r.type,
    action: r.action,
    positionId: r.position_id,
    lots: canonicalDecimal(r.lots),
    price: text(r.price),
    leverage: r.leverage,
    tp: text(r.tp),
    sl: text(r.sl),
    frozen: canonicalDecimal(r.frozen),
    status: r.status === 'new' ? 'open' : r.status,
    fillPrice: text(r.fill_price),
    reason: r.reason,
    createdAt: ms(r.created_at),
  };
}
