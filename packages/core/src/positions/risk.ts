import type { Units } from '../money/decimal.ts';
import { notionalOf, PAR, type QuoteConversion, rateAt } from './quote.ts';
import { ceilDiv, floorDiv, ONE } from './rounding.ts';
import type { MarginBracket, PositionState } from './types.ts';

/**
 * Risk of an open position at a mark. Shown amounts are exact to the unit and rounded the cautious
 * way: PnL toward minus infinity, maintenance margin and risk ratio up, the liquidation price toward
 * the entry (reached no later than estimated). Money is in USDT: the quote currency converts at the
 * mark (`conv`, see quote.ts); the brackets' bounds are USDT notionals.
 */

/**
 * (mark - entry) x lots for a long, (entry - mark) x lots for a short, in USDT at the mark's rate;
 * rounded toward minus infinity.
 */
export function unrealisedPnl(pos: PositionState, mark: Units, conv: QuoteConversion = PAR): Units {
  const diff = pos.side === 'long' ? mark - pos.entry : pos.entry - mark;
  const { num, den } = rateAt(conv, mark);
  return floorDiv(diff * pos.lots * num, ONE * den);
}

/** Unrealised PnL / margin (1 is +100%), rounded toward minus infinity; 0 without margin. */
export function returnRate(pos: PositionState, mark: Units, conv: QuoteConversion = PAR): Units {
  if (pos.margin <= 0n) return 0n;
  return floorDiv(unrealisedPnl(pos, mark, conv) * ONE, pos.margin);
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

/**
 * The brackets a position is held to: each rate at least the position's close-out floor (decision
 * 0150; ESMA's close-out when equity falls to 50% of the initial margin, notional / leverage at the
 * mark, is a rate of 0.5 / leverage on the notional). The same brackets without a floor.
 */
export function effectiveBrackets(
  brackets: readonly MarginBracket[],
  floor: Units | undefined,
): readonly MarginBracket[] {
  if (floor === undefined || floor <= 0n) return brackets;
  return brackets.map((b) => (b.rate >= floor ? b : { notionalUpTo: b.notionalUpTo, rate: floor }));
}

/**
 * The close-out floor of a position opened at `leverage` under a close-out `level` (a fraction of
 * the initial margin; null: none): level / leverage, rounded up (the stricter way), 0 without a level.
 */
export function closeOutFloor(level: Units | null, leverage: number): Units {
  if (level === null || level <= 0n || !Number.isInteger(leverage) || leverage < 1) return 0n;
  return ceilDiv(level, BigInt(leverage));
}

/** notional x its bracket's rate, rounded up. */
export function maintenanceMargin(brackets: readonly MarginBracket[], notional: Units): Units {
  return ceilDiv(notional * maintenanceRate(brackets, notional), ONE);
}

/** The USDT notional of a position at a price (its rate there), rounded down. */
export const notionalAt = (pos: PositionState, price: Units, conv: QuoteConversion = PAR): Units =>
  notionalOf(pos.lots, price, conv);

/** Margin plus unrealised PnL at the mark (USDT). */
export const equityAt = (pos: PositionState, mark: Units, conv: QuoteConversion = PAR): Units =>
  pos.margin + unrealisedPnl(pos, mark, conv);

/**
 * Maintenance margin / equity at the mark (1 is 100%: liquidation), rounded up; null when the
 * equity is zero or less (past 100%, shown "--"). The maintenance rate is the bracket's or the
 * position's close-out floor, whichever is higher (`effectiveBrackets`).
 */
export function riskRatio(
  pos: PositionState,
  mark: Units,
  brackets: readonly MarginBracket[],
  conv: QuoteConversion = PAR,
): Units | null {
  const equity = equityAt(pos, mark, conv);
  if (equity <= 0n) return null;
  const held = effectiveBrackets(brackets, pos.floor);
  return ceilDiv(maintenanceMargin(held, notionalAt(pos, mark, conv)) * ONE, equity);
}

/** Whether the position is due for liquidation at the mark: risk ratio at or past 100%. */
export function isLiquidatable(
  pos: PositionState,
  mark: Units,
  brackets: readonly MarginBracket[],
  conv: QuoteConversion = PAR,
): boolean {
  const ratio = riskRatio(pos, mark, brackets, conv);
  return ratio === null || ratio >= ONE;
}

/**
 * The estimated liquidation price: where margin + PnL(P) = rate x notional(P), all in USDT, with the
 * rate of the bracket that holds the notional AT that price (not at the entry).
 *
 * With a rate k = num / den USDT per quote unit that does not depend on P (`par`, `rate`: held at
 * its present value, so for a cross the estimate moves with its quote leg), per bracket r:
 *   long:  P = (entry x lots - margin / k) / (lots x (1 - r))
 *   short: P = (entry x lots + margin / k) / (lots x (1 + r))
 * and a solution counts only when its notional falls inside that bracket. A long keeps the highest
 * such price (the first one the mark meets falling), a short the lowest.
 *
 * A USD/XXX pair (`own`) converts at P itself: its notional is the lots (USD) at any price, so the
 * bracket is the one holding the lots, and margin + (P - entry) x lots / P = r x lots solves to
 *   long:  P = entry x lots / (margin + lots x (1 - r))
 *   short: P = entry x lots / (lots x (1 + r) - margin)   (none when the denominator is <= 0).
 *
 * Null ("--") when none is positive. Rounded toward the entry (a long up, a short down) to the unit.
 * Each rate r is at least the position's close-out floor (`effectiveBrackets`).
 */
export function liquidationPrice(
  pos: PositionState,
  bracketTable: readonly MarginBracket[],
  conv: QuoteConversion = PAR,
): Units | null {
  const { lots, entry, margin } = pos;
  const brackets = effectiveBrackets(bracketTable, pos.floor);
  if (lots <= 0n) return null;
  const long = pos.side === 'long';
  if (conv.kind === 'own') return ownLiquidationPrice(pos, maintenanceRate(brackets, lots));
  const { num: kn, den: kd } = rateAt(conv, entry);
  let best: Units | null = null;
  let lower: Units | null = null; // the previous bracket's bound: notionals above it
  for (const b of brackets) {
    // Everything x kn so that margin / k = margin x kd / kn stays exact.
    const num = long ? entry * lots * kn - margin * ONE * kd : entry * lots * kn + margin * ONE * kd; // ONE^2 x kn
    const den = long ? lots * (ONE - b.rate) * kn : lots * (ONE + b.rate) * kn; // ONE^2 x kn
    // P = num x ONE / den Units; USDT notional = lots x P x k / ONE = lots x num x kn / (den x kd).
    if (num > 0n && den > 0n) {
      const notionalScaled = lots * num * kn; // notional x den x kd
      const aboveLower = lower === null || notionalScaled > lower * den * kd;
      const withinUpper = b.notionalUpTo === null || notionalScaled <= b.notionalUpTo * den * kd;
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

/** The closed formula of a USD/XXX pair (see liquidationPrice), with the lots' bracket rate `r`. */
function ownLiquidationPrice(pos: PositionState, r: Units): Units | null {
  const { lots, entry, margin } = pos;
  const num = entry * lots * ONE; // P in Units = entry x lots x ONE / den
  if (pos.side === 'long') {
    const den = margin * ONE + lots * (ONE - r);
    return den > 0n ? ceilDiv(num, den) : null;
  }
  const den = lots * (ONE + r) - margin * ONE;
  if (den <= 0n) return null;
  const price = floorDiv(num, den);
  return price > 0n ? price : null;
}
