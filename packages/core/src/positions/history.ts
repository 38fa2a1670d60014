import type { Units } from '../money/decimal.ts';
import { CENT8 } from './rounding.ts';
import type { PositionSide } from './types.ts';

/** One close of a position (a partial close, the last one, a reverse's close, a liquidation). */
export interface CloseRecord {
  lots: Units;
  price: Units;
}

/**
 * What a position's closes add up to: the lots closed and the average exit price, lot-weighted
 * (sum of lots x price / sum of lots) and rounded half-up to 8 decimals, as a row shows it; null
 * when nothing was closed yet (or, for positions closed before closes were recorded, unknown).
 */
export function closesSummary(closes: readonly CloseRecord[]): {
  closedLots: Units;
  exitPrice: Units | null;
} {
  let lots = 0n;
  let value = 0n; // lots x price, both scaled by ONE
  for (const c of closes) {
    lots += c.lots;
    value += c.lots * c.price;
  }
  if (lots === 0n) return { closedLots: 0n, exitPrice: null };
  // value / lots is the average scaled by ONE; in steps of 10^-8 (CENT8), rounded half-up.
  const d = lots * CENT8;
  const steps = (value * 2n + d) / (2n * d);
  return { closedLots: lots, exitPrice: steps * CENT8 };
}

/**
 * Whether a take-profit or stop-loss filled on the far side of its trigger: the trigger fires on the
 * mark, the close fills at the dealer's price of the next mark after it (a long sells below it, a
 * short buys above it), so the row says why the price differs from the trigger.
 */
export function filledPastTrigger(side: PositionSide, trigger: Units | null, price: Units): boolean {
  if (trigger === null) return false;
  return side === 'long' ? price < trigger : price > trigger;
}
