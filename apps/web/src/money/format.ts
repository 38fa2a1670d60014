import { formatPercentIn, formatPriceAt, tickDecimals } from '@otc/core/display';
import { parseUnits } from '@otc/core/money/decimal';
import type { Tone } from './amounts.ts';

export type { Tone };

/**
 * Market figures for display, by core's one rule (display.ts). Prices stay decimal strings: they
 * are cut to the instrument's tick decimals as text and compared as exact integers.
 */

const DECIMAL = /^-?\d+(?:\.(\d+))?$/;

/** Decimal places of a tick size: '0.01' → 2, '0.5' → 1, '1' → 0 (core's, the one price rule). */
export { tickDecimals };

/** The places to show a price with: the tick's when the instrument is known, else the price's own. */
export function priceDecimals(price: string, tickSize: string | undefined): number {
  if (tickSize !== undefined) return tickDecimals(tickSize);
  return Math.min(DECIMAL.exec(price.trim())?.[1]?.length ?? 0, 8);
}

/** A price at `decimals` places, fixed width (67,433.80 at a 0.01 tick). */
export const formatPrice = formatPriceAt;

/** The direction of a signed decimal string: '-0.01' down, '0.00' flat, '0.5' up. */
export function tone(value: string): Tone {
  const text = value.trim();
  if (!DECIMAL.test(text) || /^-?[0.]+$/.test(text)) return 'flat';
  return text.startsWith('-') ? 'down' : 'up';
}

/** A fraction as a signed percentage with two places: '-0.0123' → '-1.23%', '0.05' → '+5.00%'. */
export function formatChange(change: string, lang: string): string {
  return formatPercentIn(change, lang, { signed: true });
}

function units(value: string): bigint | null {
  try {
    return parseUnits(value);
  } catch {
    return null;
  }
}

/** Orders decimal strings exactly; anything unreadable sorts below every number. */
export function compareDecimal(a: string, b: string): number {
  const x = units(a);
  const y = units(b);
  if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}
