import type { Units } from '../money/decimal.ts';
import { openCost } from './open.ts';
import { PAR, type QuoteConversion } from './quote.ts';
import { min } from './rounding.ts';
import type { PositionRules, PositionSide } from './types.ts';

/**
 * The price a limit entry fills at against the dealer (PRODUCT.md: a limit fills "at that dealer
 * price or better, never at a worse limit"): the dealer's price at the mark (`fillPrice`: mark plus
 * the disclosed spread for a long, minus it for a short) when that is better than the limit, the
 * limit otherwise. A long pays the lower of the two; a short sells at the higher.
 *
 * A long's better price always costs less than the reserve made at its limit. A short's costs more
 * (its notional, and so its margin and fee, grow with the price): it fills at the dealer's price as
 * far as its reserve covers, else at the highest tick the reserve covers, never below its limit.
 * The intake reserves a short that is marketable at placement at the dealer's price for that reason.
 * `conv` values the quote currency in USDT as the fill will (quote.ts).
 */
export function limitFillPrice(
  rules: PositionRules,
  order: { side: PositionSide; limit: Units; lots: Units; leverage: number; reserve: Units },
  dealer: Units,
  conv: QuoteConversion = PAR,
): Units {
  const { side, limit } = order;
  if (side === 'long') return min(dealer, limit);
  if (dealer <= limit) return limit;
  const covered = (price: Units) =>
    openCost(rules, { lots: order.lots, price, leverage: order.leverage }, conv).prepaid <= order.reserve;
  if (covered(dealer)) return dealer;
  if (!covered(limit)) return limit;
  // The highest tick in [limit, dealer) the reserve covers: the cost only grows with the price.
  const tick = rules.tickSize > 0n ? rules.tickSize : 1n;
  let lo = limit / tick;
  let hi = dealer / tick;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (covered(mid * tick)) lo = mid;
    else hi = mid;
  }
  return lo * tick;
}
