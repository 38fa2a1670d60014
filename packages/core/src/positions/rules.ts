import type { Units } from '../money/decimal.ts';
import { ceilDiv, floorDiv, ONE } from './rounding.ts';
import type { PositionRules, PositionSide } from './types.ts';

/** CFD leverage caps per instrument class (PRODUCT.md "Stock and other CFDs"). */
export const CFD_CLASS_LEVERAGE_CAPS: Readonly<Record<string, number>> = {
  stock: 5,
  forex: 100,
  metal: 50,
  crypto: 20,
  commodity: 20,
};

/** The highest leverage allowed: the instrument's own cap, and for a CFD its class's cap too. */
export function leverageCap(rules: PositionRules): number {
  const own = Math.max(1, Math.floor(rules.maxLeverage));
  if (rules.product !== 'cfd') return own;
  const byClass = CFD_CLASS_LEVERAGE_CAPS[rules.instrumentClass];
  return byClass === undefined ? own : Math.min(byClass, own);
}

export type OrderRuleError = 'leverage_out_of_range' | 'lots_off_step' | 'lots_below_minimum';

/** The first rule an order's size or leverage breaks (an i18n error key), or null when it is fine. */
export function checkOrder(
  rules: PositionRules,
  order: { lots: Units; leverage: number },
): OrderRuleError | null {
  const { lots, leverage } = order;
  if (!Number.isInteger(leverage) || leverage < 1 || leverage > leverageCap(rules)) {
    return 'leverage_out_of_range';
  }
  if (lots <= 0n || lots < rules.minLots) return 'lots_below_minimum';
  if (rules.lotSize > 0n && lots % rules.lotSize !== 0n) return 'lots_off_step';
  return null;
}

/**
 * The dealer's fill price at a mark: mark x (1 + spread) for a buy (open long, close short), mark x
 * (1 - spread) for a sell, rounded to the tick against the user (a buy up, a sell down) as the
 * instrument discloses. A sell never fills below one tick.
 */
export function fillPrice(rules: PositionRules, mark: Units, buying: boolean): Units {
  const tick = rules.tickSize > 0n ? rules.tickSize : 1n;
  if (buying) {
    const raw = mark * (ONE + rules.spread); // exact, scaled by ONE
    return ceilDiv(raw, ONE * tick) * tick;
  }
  const raw = mark * (ONE - rules.spread);
  const price = floorDiv(raw, ONE * tick) * tick;
  return price > 0n ? price : tick;
}

/** Whether a trade on `side` buys: opening a long or closing a short. */
export const isBuy = (side: PositionSide, action: 'open' | 'close'): boolean =>
  (side === 'long') === (action === 'open');

/**
 * TP and SL against a reference price (a position's entry, an order's price or the mark): a long
 * takes profit above it and stops loss below it, a short the other way round. Both positive.
 */
export function checkTpSl(
  side: PositionSide,
  reference: Units,
  tp: Units | null,
  sl: Units | null,
): 'tp_invalid' | 'sl_invalid' | null {
  if (tp !== null && (tp <= 0n || (side === 'long' ? tp <= reference : tp >= reference))) {
    return 'tp_invalid';
  }
  if (sl !== null && (sl <= 0n || (side === 'long' ? sl >= reference : sl <= reference))) {
    return 'sl_invalid';
  }
  return null;
}
