import type { Units } from '../money/decimal.ts';
import { PAR, type QuoteConversion, rateAt } from './quote.ts';
import { max, min, ONE, to8 } from './rounding.ts';
import type { PositionState } from './types.ts';

/**
 * Funding of perpetuals, every interval (8 h by default). Our mark is the index itself, so there is
 * no book premium: the premium comes from the dealer's net exposure (users' long lots minus short
 * lots), which the rate leans against so the crowded side pays the other side's counterparty.
 */
export interface FundingRateInput {
  /** sum(long lots) - sum(short lots) of open positions on the instrument in the realm. */
  netExposure: Units;
  /** The instrument's exposure cap (> 0); at the cap the premium is `k`. */
  exposureCap: Units;
  /** The base interest per interval (0.0001 is 0.01%). */
  interest: Units;
  /** The rate is kept within [-clamp, +clamp] (0.0075 by default in position_rules). */
  clamp: Units;
  /** The premium at full exposure; the clamp by default. */
  k?: Units;
}

/**
 * rate = clamp(interest + k x netExposure / exposureCap, -clamp, +clamp), rounded half-up to 8
 * decimals (a rate is shown, then charged exactly as shown). Positive: longs pay.
 */
export function fundingRate(input: FundingRateInput): Units {
  const { netExposure, exposureCap, interest, clamp } = input;
  const k = input.k ?? clamp;
  const premiumScaled = exposureCap > 0n ? (k * netExposure * ONE) / exposureCap : 0n; // ONE-scaled
  const raw = interest * ONE + premiumScaled; // ONE^2-scaled
  const step = ONE * 10n ** 10n; // 8 decimals, ONE^2-scaled
  const half = raw >= 0n ? step / 2n : -(step / 2n);
  const rate = ((raw + half) / step) * 10n ** 10n;
  return max(-clamp, min(clamp, rate));
}

/**
 * What one position pays (+) or receives (-) at a funding time: lots x mark x rate in USDT (the
 * quote converted at the mark, `conv`), longs pay a positive rate and shorts receive it (and the
 * other way round). Rounded toward plus infinity to 8 decimals: a payment rounds UP, a receipt
 * DOWN (in size).
 */
export function fundingPayment(
  pos: PositionState,
  mark: Units,
  rate: Units,
  conv: QuoteConversion = PAR,
): Units {
  const signed = pos.side === 'long' ? rate : -rate;
  const fx = rateAt(conv, mark);
  return to8(pos.lots * mark * signed * fx.num, ONE * ONE * fx.den, 'up');
}

/**
 * A payment applied to the position's margin: a user never pays more than the margin holds (the
 * dealer forgoes the rest; the position is then liquidated on the next tick).
 */
export function applyFunding(
  pos: PositionState,
  payment: Units,
): { position: PositionState; charged: Units } {
  const charged = payment > 0n ? min(payment, pos.margin) : payment;
  return { position: { ...pos, margin: pos.margin - charged }, charged };
}
