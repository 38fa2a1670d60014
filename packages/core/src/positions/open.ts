import type { Units } from '../money/decimal.ts';
import { PAR, type QuoteConversion, rateAt } from './quote.ts';
import { ONE, to8 } from './rounding.ts';
import { PositionError, type PositionRules, type PositionSide, type PositionState } from './types.ts';

/** Every figure in USDT: the quote-currency amount converted at the fill (`conv` at `price`). */
export interface OpenCost {
  /** lots x price x rate, exact to the unit (rounded down; shown, never charged itself). */
  notional: Units;
  /** notional / leverage, rounded UP to 8 decimals: charged (frozen) from the user. */
  margin: Units;
  /** taker fee x notional, rounded UP to 8 decimals: charged. */
  fee: Units;
  /** stamp duty x notional for class `stock` (else 0), rounded UP to 8 decimals: charged. */
  stampDuty: Units;
  /** margin + fee + stampDuty: exactly what an opening order freezes. */
  prepaid: Units;
}

/**
 * What opening `lots` at `price` with `leverage` costs in USDT: the prepaid amount shown and frozen.
 * `conv` converts the quote currency at the fill (a USD/JPY fill at its own price).
 */
export function openCost(
  rules: PositionRules,
  order: { lots: Units; price: Units; leverage: number },
  conv: QuoteConversion = PAR,
): OpenCost {
  const { lots, price, leverage } = order;
  if (!Number.isInteger(leverage) || leverage < 1) {
    throw new PositionError('leverage_out_of_range', `leverage ${leverage}`);
  }
  const { num, den } = rateAt(conv, price);
  const exact = lots * price * num; // USDT scaled by ONE^2 x den
  const notional = exact / (ONE * den);
  const margin = to8(exact, ONE * den * BigInt(leverage), 'up');
  const fee = to8(exact * rules.takerFee, ONE * ONE * den, 'up');
  const stampRate = rules.instrumentClass === 'stock' ? rules.stampDuty : 0n;
  const stampDuty = to8(exact * stampRate, ONE * ONE * den, 'up');
  return { notional, margin, fee, stampDuty, prepaid: margin + fee + stampDuty };
}

/**
 * A fill added to the position on its side (or a new one): lots add, margin adds, the entry becomes
 * the lot-weighted average, rounded against the user at the 18th decimal (up for a long, down for a
 * short; at most 10^-18 per lot). Throws `position_side_mismatch` / `position_leverage_mismatch`.
 */
export function addToPosition(
  pos: PositionState | null,
  fill: { side: PositionSide; lots: Units; price: Units; leverage: number; margin: Units; floor?: Units },
): PositionState {
  if (fill.lots <= 0n) throw new PositionError('lots_below_minimum', 'a fill adds positive lots');
  if (pos === null) {
    return {
      side: fill.side,
      lots: fill.lots,
      entry: fill.price,
      margin: fill.margin,
      leverage: fill.leverage,
      ...withFloor(fill.floor ?? 0n),
    };
  }
  if (pos.side !== fill.side) {
    throw new PositionError('position_side_mismatch', 'a fill adds to the position on its side');
  }
  if (pos.leverage !== fill.leverage) {
    throw new PositionError('position_leverage_mismatch', 'an added order keeps the leverage');
  }
  const lots = pos.lots + fill.lots;
  const value = pos.lots * pos.entry + fill.lots * fill.price;
  const q = value / lots;
  const entry = pos.side === 'long' && value % lots !== 0n ? q + 1n : q;
  // The close-out floor stays the stricter of the two (the user's country may have changed).
  const floor = maxOf(pos.floor ?? 0n, fill.floor ?? 0n);
  return {
    side: pos.side,
    lots,
    entry,
    margin: pos.margin + fill.margin,
    leverage: pos.leverage,
    ...withFloor(floor),
  };
}

const maxOf = (a: Units, b: Units): Units => (a > b ? a : b);
/** A floor only when there is one: a position without stays as it was before floors. */
const withFloor = (floor: Units): { floor?: Units } => (floor > 0n ? { floor } : {});
