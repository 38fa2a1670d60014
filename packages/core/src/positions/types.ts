import type { Units } from '../money/decimal.ts';

/**
 * Leveraged positions (perpetuals and CFDs are one engine): a USDT-margined isolated position in
 * lots (base units). Every amount is bigint Units (10^-18); a JS number holds only the leverage.
 */
export type PositionSide = 'long' | 'short';

/**
 * One maintenance-margin bracket: `rate` applies to a notional up to and including `notionalUpTo`
 * (and above the previous bracket's). Ascending; the last one has `notionalUpTo: null` (no bound).
 */
export interface MarginBracket {
  notionalUpTo: Units | null;
  rate: Units;
}

/** What an instrument discloses to position traders (position_rules row + market instrument). */
export interface PositionRules {
  product: 'perp' | 'cfd';
  /** The market's instrument class: crypto, stock, forex, metal, commodity. */
  instrumentClass: string;
  /** The instrument's own cap; a CFD is also capped by its class (leverageCap). */
  maxLeverage: number;
  tickSize: Units;
  lotSize: Units;
  minLots: Units;
  /** Taker fee rate on the notional (0.0005 is 0.05%). */
  takerFee: Units;
  /** Stamp duty rate on the notional, charged on opening for class `stock` only. */
  stampDuty: Units;
  /** The disclosed dealer spread as a fraction of the mark (0.0005 is 0.05%). */
  spread: Units;
  brackets: MarginBracket[];
  liquidationFeeRate: Units;
  liquidationFeeCap: Units;
}

export interface PositionState {
  side: PositionSide;
  lots: Units;
  /** Lot-weighted average entry price. */
  entry: Units;
  /** The isolated margin, frozen in the user's contract account (funding moves it too). */
  margin: Units;
  leverage: number;
  /**
   * The close-out floor (decision 0150): a maintenance rate the instrument's brackets never go below
   * for this position, set at opening from the user's country (ESMA: close-out level / leverage, 0.25
   * for a 2x position at 50%). Absent or 0: the brackets alone.
   */
  floor?: Units;
}

/** A rule broken by a call the caller should have checked first; `key` is the i18n error key. */
export class PositionError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}
