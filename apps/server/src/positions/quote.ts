import { parseUnits, type QuoteConversion, quoteConversion } from '@otc/core';

/**
 * An instrument's quote currency to USDT, from the market's index prices now (core's
 * quoteConversion: USD at par, a USD/XXX pair at its own price, a cross through its quote's USD
 * leg). Null while that leg has no price.
 */
export function conversionOf(
  instrument: { base: string; quote: string },
  price: (symbol: string) => string | undefined,
): QuoteConversion | null {
  return quoteConversion(instrument, (symbol) => {
    const p = price(symbol);
    return p === undefined ? undefined : parseUnits(p);
  });
}

/**
 * The USD leg an instrument's quote converts through, among the instruments that exist (null:
 * USD-quoted, a USD/XXX pair, or no leg), as conversionOf picks it: direct first.
 */
export function quoteLegOf(
  instrument: { base: string; quote: string },
  exists: (symbol: string) => boolean,
): string | null {
  const one = (s: string) => (exists(s) ? '1' : undefined);
  if (conversionOf(instrument, one)?.kind !== 'rate') return null;
  return exists(`${instrument.quote}/USD`) ? `${instrument.quote}/USD` : `USD/${instrument.quote}`;
}
