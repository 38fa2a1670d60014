import type { Units } from '../money/decimal.ts';
import { ONE } from './rounding.ts';

/**
 * Positions are margined and settled in USDT, but an instrument's prices are in its quote currency
 * (USD/JPY in yen). Every money figure of a position is valued in the quote currency and converted
 * to USDT at the rate of the moment, exactly as a fraction (no intermediate rounding): the caller
 * rounds the converted amount once, against the user.
 *
 * - `par`: quoted in USD or USDT (USD counts as USDT, as everywhere on the platform).
 * - `own`: a USD/XXX pair, whose own price is the rate (1 XXX = 1 / price USD): the price valued
 *   converts itself, so a fill converts at the fill price and a mark at the mark.
 * - `rate`: USDT per quote unit = num / den, read from another instrument's index (a cross's quote
 *   leg): XXX/USD direct (price / 1) or USD/XXX inverse (1 / price).
 */
export type QuoteConversion = { kind: 'par' } | { kind: 'own' } | { kind: 'rate'; num: bigint; den: bigint };

export const PAR: QuoteConversion = { kind: 'par' };

/** USDT per quote unit as num / den (both > 0) when valuing an amount at `price`. */
export function rateAt(conv: QuoteConversion, price: Units): { num: bigint; den: bigint } {
  if (conv.kind === 'par') return { num: 1n, den: 1n };
  if (conv.kind === 'own') return { num: ONE, den: price > 0n ? price : 1n };
  return { num: conv.num, den: conv.den };
}

/** Currencies counted as USDT at par. */
const PAR_CURRENCIES = new Set(['USD', 'USDT']);

/**
 * How an instrument's quote currency converts to USDT, from index prices by symbol (the feed's
 * "XXX/USD" and "USD/XXX" pairs): USD -> par; a USD/XXX pair -> its own price; otherwise the
 * quote's USD leg, direct (QQQ/USD: its price) or inverse (USD/QQQ: 1 / its price). A cross
 * (EUR/JPY) thus converts through its quote's USD leg (USD/JPY). Null when no leg has a price
 * (the position cannot be valued: nothing is traded).
 */
export function quoteConversion(
  instrument: { base: string; quote: string },
  priceOf: (symbol: string) => Units | undefined,
): QuoteConversion | null {
  const { base, quote } = instrument;
  if (PAR_CURRENCIES.has(quote)) return PAR;
  if (PAR_CURRENCIES.has(base)) return { kind: 'own' };
  const direct = priceOf(`${quote}/USD`);
  if (direct !== undefined && direct > 0n) return { kind: 'rate', num: direct, den: ONE };
  const inverse = priceOf(`USD/${quote}`);
  if (inverse !== undefined && inverse > 0n) return { kind: 'rate', num: ONE, den: inverse };
  return null;
}

/** lots x price in USDT at the price's rate, rounded down (a notional shown or counted, never charged). */
export function notionalOf(lots: Units, price: Units, conv: QuoteConversion = PAR): Units {
  const { num, den } = rateAt(conv, price);
  return (lots * price * num) / (ONE * den);
}

/**
 * An amount in the quote currency (a 24 h turnover) in USDT at `price`'s rate, rounded down: a
 * figure to compare instruments quoted in different currencies by (the market list's volume
 * ranking), never charged. Null when the quote has no USD leg with a price.
 */
export function quoteAmountInUsdt(amount: Units, price: Units, conv: QuoteConversion | null): Units | null {
  if (conv === null) return null;
  const { num, den } = rateAt(conv, price);
  return (amount * num) / den;
}

/**
 * What an opening order reserves converts at a rate 1% above the cross's leg now: the leg moves on
 * its own until the fill, which converts at its own moment and releases what it did not use (an
 * order whose leg moved further is refused at the fill, its reserve released). A pair quoted in
 * USD, or a USD/XXX pair converting at its own (reserved) price, needs no cushion.
 */
export const RESERVE_CUSHION_PERCENT = 1n;

export function reserveConversion(conv: QuoteConversion): QuoteConversion {
  if (conv.kind !== 'rate') return conv;
  return { kind: 'rate', num: conv.num * (100n + RESERVE_CUSHION_PERCENT), den: conv.den * 100n };
}
