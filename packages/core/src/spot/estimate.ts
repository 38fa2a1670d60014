import { parseUnits, type Units } from '../money/decimal.ts';
import { tradeFee } from './fees.ts';
import { baseUnits, type MarketSpec, protectionLimit, quoteUnits } from './spec.ts';

/**
 * What a market order would do on the book as it stands: the order ticket's estimate (issue 13).
 * It walks the opposite side's levels as the engine (`book.ts`) matches a market order: refused
 * below the minimum notional at the best price, filled best price first, never beyond the market
 * protection (5% from the best price), the rest dropped. So on a quiet book the estimate is the fill.
 *
 * Pure and exact: prices in ticks and sizes in lots (bigint), amounts in units of 10^-18.
 */

/** One price level of the side the order meets, best first: price in ticks, size in lots. */
export interface StepLevel {
  price: bigint;
  qty: bigint;
}

export interface MarketEstimate {
  /** Why the engine would refuse it outright; the amounts are then all 0. */
  refused?: 'no_liquidity' | 'below_min_notional';
  /** Lots it would fill. */
  filledLots: bigint;
  /** Base it would fill, in units. */
  filled: Units;
  /** Quote value of the fills, exact. */
  value: Units;
  /** The taker fee on the fills, in quote. */
  fee: Units;
  /** A buy's cost (value + fee) or a sell's proceeds (value − fee), in quote. */
  total: Units;
  /** Average price as the order shows it (8 decimals, rounded down), or null with no fill. */
  averagePrice: Units | null;
  /** The book (within the protection band) holds less than the order: the rest would be dropped. */
  thin: boolean;
}

const NOTHING = { filledLots: 0n, filled: 0n, value: 0n, fee: 0n, total: 0n, averagePrice: null };

/**
 * A market order of `lots` on `side` against `levels` (the opposite side, best first), with the
 * taker's fee `takerRate` (VIP-adjusted when known). The fee is taken on the whole value; the engine
 * takes it per trade, each rounded down, so the fee charged can be lower by at most one unit of
 * 10^-18 per trade after the first (none at all on the catalogue's markets, whose amounts are exact).
 */
export function estimateMarket(
  spec: MarketSpec,
  side: 'buy' | 'sell',
  lots: bigint,
  levels: readonly StepLevel[],
  takerRate: Units,
): MarketEstimate {
  const best = levels[0];
  if (best === undefined) return { ...NOTHING, refused: 'no_liquidity', thin: true };
  if (best.price * lots < spec.minTickLots) return { ...NOTHING, refused: 'below_min_notional', thin: false };
  const limit = protectionLimit(spec, side, best.price);
  let left = lots;
  let value = 0n;
  for (const level of levels) {
    if (left === 0n) break;
    if (side === 'buy' ? level.price > limit : level.price < limit) break;
    // biome-ignore lint/complexity/useMathMinMax: Math.min does not take bigint
    const fill = level.qty < left ? level.qty : left;
    value += quoteUnits(spec, level.price, fill);
    left -= fill;
  }
  const filledLots = lots - left;
  const filled = baseUnits(spec, filledLots);
  const fee = tradeFee(value, takerRate);
  return {
    filledLots,
    filled,
    value,
    fee,
    total: side === 'buy' ? value + fee : value - fee,
    averagePrice: filledLots === 0n ? null : averagePrice(value, filled),
    thin: left > 0n,
  };
}

const ONE = 10n ** 18n;
const AVERAGE_CUT = 10n ** 10n;

/** Average price of `quote` paid for `base` (both units), to 8 decimals rounded down: the order's avgPrice. */
export function averagePrice(quote: Units, base: Units): Units {
  return ((quote * ONE) / base / AVERAGE_CUT) * AVERAGE_CUT;
}

/**
 * Depth levels as the wire carries them (decimal strings, best first) in ticks and lots. A level
 * off the tick or lot, or unreadable, stops the list there: what follows cannot be trusted in order.
 */
export function levelsInSteps(spec: MarketSpec, levels: readonly (readonly [string, string])[]): StepLevel[] {
  const out: StepLevel[] = [];
  for (const [priceText, qtyText] of levels) {
    let price: Units;
    let qty: Units;
    try {
      price = parseUnits(priceText);
      qty = parseUnits(qtyText);
    } catch {
      break;
    }
    if (price <= 0n || qty <= 0n || price % spec.tickUnits !== 0n || qty % spec.lotUnits !== 0n) break;
    out.push({ price: price / spec.tickUnits, qty: qty / spec.lotUnits });
  }
  return out;
}
