import type { Units } from '../money/decimal.ts';
import { closeOutcome } from './close.ts';
import { addToPosition, openCost } from './open.ts';
import { PAR, type QuoteConversion } from './quote.ts';
import { fillPrice, isBuy } from './rules.ts';
import type { PositionRules, PositionSide, PositionState } from './types.ts';

/** What reversing a position costs, in USDT, as the engine settles it (positions/state.ts `reverse`). */
export interface ReverseCost {
  /** The one dealer price both legs fill at (closing a long and opening a short both sell). */
  price: Units;
  /** The close's fee on every lot. */
  closeFee: Units;
  /** The PnL the close realises. */
  realisedPnl: Units;
  /** The new side's opening fee and stamp duty (stocks). */
  openFee: Units;
  stampDuty: Units;
  /** closeFee + openFee + stampDuty. */
  fees: Units;
  /** The position held afterwards on the other side (added to one already there). */
  after: PositionState;
}

/**
 * Reversing at `mark`: every lot closes at the dealer's price and as many open on the other side at
 * the same leverage and price; `held` is a position already open on the other side (its lots and
 * margin add up). The figures are core's close and open costs, the ones the server settles.
 */
export function reverseCost(
  rules: PositionRules,
  pos: PositionState,
  mark: Units,
  conv: QuoteConversion = PAR,
  held: PositionState | null = null,
): ReverseCost {
  const price = fillPrice(rules, mark, isBuy(pos.side, 'close'));
  const out = closeOutcome(pos, { lots: pos.lots, price, feeRate: rules.takerFee }, conv);
  const cost = openCost(rules, { lots: pos.lots, price, leverage: pos.leverage }, conv);
  const side: PositionSide = pos.side === 'long' ? 'short' : 'long';
  const after = addToPosition(held && held.side === side ? held : null, {
    side,
    lots: pos.lots,
    price,
    leverage: pos.leverage,
    margin: cost.margin,
    // The reversed position keeps the close-out floor it was opened with (decision 0150).
    ...(pos.floor === undefined ? {} : { floor: pos.floor }),
  });
  return {
    price,
    closeFee: out.fee,
    realisedPnl: out.realisedPnl,
    openFee: cost.fee,
    stampDuty: cost.stampDuty,
    fees: out.fee + cost.fee + cost.stampDuty,
    after,
  };
}
