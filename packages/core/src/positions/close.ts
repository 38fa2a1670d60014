import type { Units } from '../money/decimal.ts';
import { PAR, type QuoteConversion, rateAt } from './quote.ts';
import { max, min, ONE, to8 } from './rounding.ts';
import { PositionError, type PositionRules, type PositionState } from './types.ts';

/** Every amount in USDT: the quote-currency amounts converted at the close price (`conv`). */
export interface CloseOutcome {
  /**
   * The PnL settled: (P - entry) x lots for a long, (entry - P) x lots for a short, rounded to 8
   * decimals toward minus infinity (a profit paid DOWN, a loss charged UP), and never a loss beyond
   * the margin released (the rest is `shortfall`).
   */
  realisedPnl: Units;
  /** The close fee: taker rate x P x lots rounded UP to 8 decimals, at most what the margin share has left. */
  fee: Units;
  /** margin x lots / position lots, rounded DOWN to 8 decimals (all of it on a full close). */
  marginReleased: Units;
  /** marginReleased + realisedPnl - fee, to the user's available; never below zero. */
  payout: Units;
  /** The loss paid to the dealer out of the released margin (>= 0). */
  loss: Units;
  /** The profit the dealer pays the user (>= 0). */
  profit: Units;
  /** A loss the margin share could not cover (a liquidation case): the dealer simply receives less. */
  shortfall: Units;
  /** What is left open: null after a full close. */
  remaining: PositionState | null;
}

/** Signed PnL of `lots` closed at `price`, exact and scaled by ONE^2. */
const pnlScaled = (pos: PositionState, lots: Units, price: Units): bigint =>
  (pos.side === 'long' ? price - pos.entry : pos.entry - price) * lots;

/**
 * Closing `lots` of a position at `price` (the fill price) with a taker fee rate; the PnL and the
 * fee convert to USDT at the close (`conv` at `price`).
 */
export function closeOutcome(
  pos: PositionState,
  close: { lots: Units; price: Units; feeRate: Units },
  conv: QuoteConversion = PAR,
): CloseOutcome {
  const { lots, price, feeRate } = close;
  if (lots <= 0n || lots > pos.lots) {
    throw new PositionError('lots_out_of_range', 'a close takes between one step and all lots');
  }
  const full = lots === pos.lots;
  const { num, den } = rateAt(conv, price);
  const pnl = to8(pnlScaled(pos, lots, price) * num, ONE * den, 'down');
  const marginReleased = full ? pos.margin : to8(pos.margin * lots, pos.lots, 'down');
  const realisedPnl = max(pnl, -marginReleased);
  const feeDue = to8(price * lots * feeRate * num, ONE * ONE * den, 'up');
  const fee = min(feeDue, marginReleased + realisedPnl);
  return {
    realisedPnl,
    fee,
    marginReleased,
    payout: marginReleased + realisedPnl - fee,
    loss: max(0n, -realisedPnl),
    profit: max(0n, realisedPnl),
    shortfall: realisedPnl - pnl,
    remaining: full ? null : { ...pos, lots: pos.lots - lots, margin: pos.margin - marginReleased },
  };
}

export interface LiquidationOutcome {
  /** PnL at the mark rounded as a close's, never a loss beyond the margin (negative normally). */
  realisedPnl: Units;
  /**
   * min(rate x notional at the mark, cap), rounded UP to 8 decimals, out of what remains of the
   * margin after the loss (so 0 when nothing remains): to the insurance fund.
   */
  fee: Units;
  /** margin + realisedPnl - fee, back to the user's available. */
  toUser: Units;
  /** The loss beyond the margin: owed to the dealer, paid by the insurance fund as far as it goes. */
  deficit: Units;
  /** The loss paid to the dealer out of the margin (>= 0). */
  loss: Units;
  /** A profit the dealer pays (only with an odd bracket table; normally 0). */
  profit: Units;
  /** The whole margin, unfrozen: toUser + fee + loss - profit. */
  marginReleased: Units;
}

/**
 * Liquidating a whole position at the mark (no spread: the mark is the liquidation price shown),
 * in USDT at the rate of the mark (`conv`); the fee cap is in USDT.
 */
export function liquidationOutcome(
  pos: PositionState,
  at: { mark: Units; rules: PositionRules },
  conv: QuoteConversion = PAR,
): LiquidationOutcome {
  const { mark, rules } = at;
  const { num, den } = rateAt(conv, mark);
  const pnl = to8(pnlScaled(pos, pos.lots, mark) * num, ONE * den, 'down');
  const realisedPnl = max(pnl, -pos.margin);
  const feeDue = min(
    to8(mark * pos.lots * rules.liquidationFeeRate * num, ONE * ONE * den, 'up'),
    rules.liquidationFeeCap,
  );
  const fee = max(0n, min(feeDue, pos.margin + realisedPnl));
  return {
    realisedPnl,
    fee,
    toUser: pos.margin + realisedPnl - fee,
    deficit: realisedPnl - pnl,
    loss: max(0n, -realisedPnl),
    profit: max(0n, realisedPnl),
    marginReleased: pos.margin,
  };
}
