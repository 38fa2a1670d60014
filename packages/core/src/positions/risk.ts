import type { Units } from '../money/decimal.ts';
import { ceilDiv, floorDiv, ONE } from './rounding.ts';
import type { MarginBracket, PositionState } from './types.ts';

/**
 * Risk of an open position at a mark. Shown amounts are exact to the unit and rounded the cautious
 * way: PnL toward minus infinity, maintenance margin and risk ratio up, the liquidation price toward
 * the entry (reached no later than estimated).
 */

/** (mark - entry) x lots for a long, (entry - mark) x lots for a short; rounded toward minus infinity. */
export function unrealisedPnl(pos: PositionState, mark: Units): Units {
  const diff = pos.side === 'long' ? mark - pos.entry : pos.entry - mark;
  return floorDiv(diff * pos.lots, ONE);
}

/** Unrealised PnL / margin (1 is +100%), rounded toward minus infinity; 0 without margin. */
export function returnRate(pos: PositionState, mark: Units): Units {
  if (pos.margin <= 0n) return 0n;
  return floorDiv(unrealisedPnl(pos, mark) * ONE, pos.margin);
}

/** The rate of the bracket holding `notional` (a bracket holds notionals up to its bound, inclusive). */
export function maintenanceRate(brackets: readonly MarginBracket[], notional: Units): Units {
  for (const b of brackets) {
    if (b.notionalUpTo === null || notional <= b.notionalUpTo) return b.rate;
  }
  const last = brackets[brackets.length - 1];
  if (!last) throw new Error('maintenance brackets are empty');
  return last.rate; // a table without a null bound: the top rate goes on
}

/** notional x its bracket's rate, rounded up. */
export function maintenanceMargin(brackets: readonly MarginBracket[], notional: Units): Units {
  return ceilDiv(notional * maintenanceRate(brackets, notional), ONE);
}

/** The notional of a position at a price, rounded down (exact to the unit for any sane lot). */
export const notionalAt = (pos: PositionState, price: Units): Units => (pos.lots * price) / ONE;

/** Margin plus unrealised PnL at the mark. */
export const equityAt = (pos: PositionState, mark: Units): Units => pos.margin + unrealisedPnl(pos, mark);

/**
 * Maintenance margin / equity at the mark (1 is 100%: liquidation), rounded up; null when the
 * equity is zero or less (past 100%, shown "--").
 */
export function riskRatio(pos: PositionState, mark: Units, brackets: readonly MarginBracket[]): Units | null {
  const equity = equityAt(pos, mark);
  if (equity <= 0n) return null;
  return ceilDiv(maintenanceMargin(brackets, notionalAt(pos, mark)) * ONE, equity);
}

/** Whether the position is due for liquidation at the mark: risk ratio at or past 100%. */
export function isLiquidatable(pos: PositionState, mark: Units, brackets: readonly MarginBracket[]): boolean {
  const ratio = riskRatio(pos, mark, brackets);
  return ratio === null || ratio >= ONE;
}

/**
 * The estimated liquidation price: where margin + PnL(P) = rate x lots x P, with the rate of the
 * bracket that holds the notional lots x P AT that price (not at the entry). Per bracket r:
 *   long:  P = (entry x lots - margin) / (lots x (1 - r))
 *   short: P = (entry x lots + margin) / (lots x (1 + r))
 * and a solution counts only when its notional falls inside that bracket. A long keeps the highest
 * such price (the first one the mark meets falling), a short the lowest. Null ("--") when none is
 * positive. Rounded toward the entry (a long up, a short down) to the unit.
 */
export function liquidationPrice(pos: PositionState, brackets: readonly MarginBracket[]): Units | null {
  const { lots, entry, margin } = pos;
  if (lots <= 0n) return null;
  const long = pos.side === 'long';
  let best: Units | null = null;
  let lower: Units | null = null; // the previous bracket's bound: notionals above it
  for (const b of brackets) {
    const num = long ? entry * lots - margin * ONE : entry * lots + margin * ONE; // ONE^2-scaled
    const den = long ? lots * (ONE - b.rate) : lots * (ONE + b.rate); // ONE^2-scaled
    // P = num / den (in whole units of price) = num x ONE / den Units; notional = lots x P / ONE.
    if (num > 0n && den > 0n) {
      const notionalScaled = lots * num; // notional x den (Units)
      const aboveLower = lower === null || notionalScaled > lower * den;
      const withinUpper = b.notionalUpTo === null || notionalScaled <= b.notionalUpTo * den;
      if (aboveLower && withinUpper) {
        const price = long ? ceilDiv(num * ONE, den) : floorDiv(num * ONE, den);
        if (price > 0n && (best === null || (long ? price > best : price < best))) best = price;
      }
    }
    if (b.notionalUpTo === null) break;
    lower = b.notionalUpTo;
  }
  return best;
}
