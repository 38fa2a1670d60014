import { parseUnits, type Units } from '../money/decimal.ts';

/**
 * A spot market's trading rules. Prices travel as integer ticks and quantities as integer lots
 * (bigint), so the engine never rounds: a price of `p` ticks is `p × tickSize` quote per base, a
 * quantity of `q` lots is `q × lotSize` base, and a fill of `q` lots at `p` ticks costs exactly
 * `p × q × tickSize × lotSize` quote. The spec is refused unless that product is a whole number of
 * 10^-18 units, so every trade's quote amount is exact in the ledger's decimal form.
 */
export interface MarketSpecInput {
  /** Quote per base of one tick, a decimal string ("0.01"). */
  tickSize: string;
  /** Base of one lot, a decimal string ("0.0001"). */
  lotSize: string;
  /** Smallest order value in quote, a decimal string ("5"). */
  minNotional: string;
  /** How far from the best price a market order may fill, as a fraction; PRODUCT.md sets "0.05". */
  protection?: string;
}

export interface MarketSpec {
  readonly tickUnits: Units;
  readonly lotUnits: Units;
  readonly minNotionalUnits: Units;
  readonly protectionUnits: Units;
  /** Quote units of one lot at one tick: `tickUnits × lotUnits / 10^18`, a whole number. */
  readonly quotePerTickLot: Units;
  /** Smallest `price × qty` (ticks × lots) that reaches the minimum notional. */
  readonly minTickLots: bigint;
}

export const DEFAULT_PROTECTION = '0.05';
const ONE = 10n ** 18n;

export class SpotSpecError extends Error {}

export function marketSpec(input: MarketSpecInput): MarketSpec {
  const tickUnits = parseUnits(input.tickSize);
  const lotUnits = parseUnits(input.lotSize);
  const minNotionalUnits = parseUnits(input.minNotional);
  const protectionUnits = parseUnits(input.protection ?? DEFAULT_PROTECTION);
  if (tickUnits <= 0n) throw new SpotSpecError(`tick size must be positive: ${input.tickSize}`);
  if (lotUnits <= 0n) throw new SpotSpecError(`lot size must be positive: ${input.lotSize}`);
  if (minNotionalUnits < 0n) throw new SpotSpecError(`minimum notional is negative: ${input.minNotional}`);
  if (protectionUnits < 0n || protectionUnits >= ONE)
    throw new SpotSpecError(`protection must be in [0, 1): ${input.protection}`);
  const product = tickUnits * lotUnits;
  if (product % ONE !== 0n)
    throw new SpotSpecError(
      `tick ${input.tickSize} × lot ${input.lotSize} is finer than 10^-18 quote: trades would not be exact`,
    );
  const quotePerTickLot = product / ONE;
  return {
    tickUnits,
    lotUnits,
    minNotionalUnits,
    protectionUnits,
    quotePerTickLot,
    minTickLots: (minNotionalUnits + quotePerTickLot - 1n) / quotePerTickLot,
  };
}

/**
 * The worst price (ticks) a market order may reach: at most the market's protection (5%) from the
 * best opposite price `best`, rounded toward the best price so the bound is never exceeded. The
 * book matches by it and the order form's estimate walks the book by it.
 */
export function protectionLimit(spec: MarketSpec, side: 'buy' | 'sell', best: bigint): bigint {
  const p = spec.protectionUnits;
  if (side === 'buy') return (best * (ONE + p)) / ONE;
  return (best * (ONE - p) + ONE - 1n) / ONE;
}

/** Quote units of `qty` lots at `price` ticks: exact, never rounded. */
export const quoteUnits = (spec: MarketSpec, price: bigint, qty: bigint): Units =>
  price * qty * spec.quotePerTickLot;

/** Base units of `qty` lots. */
export const baseUnits = (spec: MarketSpec, qty: bigint): Units => qty * spec.lotUnits;

export type Quantized =
  | { ok: true; value: bigint }
  | { ok: false; reason: 'not_a_number' | 'not_positive' | 'off_step' };

/** A decimal string as a whole number of `step` units; off the step is refused, never rounded. */
function quantize(text: string, step: Units): Quantized {
  let units: Units;
  try {
    units = parseUnits(text);
  } catch {
    return { ok: false, reason: 'not_a_number' };
  }
  if (units <= 0n) return { ok: false, reason: 'not_positive' };
  if (units % step !== 0n) return { ok: false, reason: 'off_step' };
  return { ok: true, value: units / step };
}

/** "67000.01" → ticks, or why not (off_step: not a multiple of the tick size). */
export const priceTicks = (spec: MarketSpec, price: string) => quantize(price, spec.tickUnits);

/** "0.0125" → lots, or why not (off_step: not a multiple of the lot size). */
export const qtyLots = (spec: MarketSpec, qty: string) => quantize(qty, spec.lotUnits);
