import { DecimalError, formatUnits, parseUnits } from '../money/decimal.ts';

/**
 * Forex crosses (EUR/GBP, EUR/JPY, GBP/JPY) priced from their USD legs, as real crosses are
 * arbitraged to be: EUR/JPY = EUR/USD x USD/JPY, EUR/GBP = EUR/USD / GBP/USD. The simulated feed
 * derives them every tick instead of walking them on their own (which drifted them apart).
 */
const ONE = 10n ** 18n;
const USD = 'USD';

/** The symbol pricing `ccy` in USD among those that exist: `CCY/USD` (direct) or `USD/CCY` (inverse). */
export function usdLeg(ccy: string, exists: (symbol: string) => boolean): string | null {
  if (exists(`${ccy}/${USD}`)) return `${ccy}/${USD}`;
  if (exists(`${USD}/${ccy}`)) return `${USD}/${ccy}`;
  return null;
}

/** The two USD legs of a cross (neither side USD), or null when it is not one or a leg is missing. */
export function crossLegs(
  pair: { base: string; quote: string },
  exists: (symbol: string) => boolean,
): [string, string] | null {
  if (pair.base === USD || pair.quote === USD) return null;
  const base = usdLeg(pair.base, exists);
  const quote = usdLeg(pair.quote, exists);
  return base && quote ? [base, quote] : null;
}

/** USD per unit of the leg's currency as num / den (Units). */
function inUsd(leg: string, price: string): { num: bigint; den: bigint } {
  const p = parseUnits(price);
  if (p <= 0n) throw new DecimalError(`a leg's price must be positive: ${leg} ${price}`);
  return leg.endsWith(`/${USD}`) ? { num: p, den: ONE } : { num: ONE, den: p };
}

/**
 * The cross's price from its legs' prices: (base in USD) / (quote in USD), rounded half-up to the
 * cross's tick (never below one tick).
 */
export function crossPrice(legs: [string, string], prices: [string, string], tickSize: string): string {
  const tick = parseUnits(tickSize);
  if (tick <= 0n) throw new DecimalError(`tick size must be positive: ${tickSize}`);
  const b = inUsd(legs[0], prices[0]);
  const q = inUsd(legs[1], prices[1]);
  // price (Units) = b.num x q.den x ONE / (b.den x q.num); ticks = price / tick, half-up.
  const num = b.num * q.den * ONE;
  const den = b.den * q.num * tick;
  const ticks = (2n * num + den) / (2n * den);
  return formatUnits((ticks < 1n ? 1n : ticks) * tick);
}
