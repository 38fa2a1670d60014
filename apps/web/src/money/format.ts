import { parseUnits } from '@otc/core/money/decimal';
import { displayAmount } from '../i18n/format.ts';
import type { Tone } from './amounts.ts';

export type { Tone };

/**
 * Market figures for display. Prices stay decimal strings: they are cut to the instrument's tick
 * decimals as text and compared as exact integers; only percentages and compact volumes go through
 * a JS number, for Intl to format.
 */

const DECIMAL = /^-?\d+(?:\.(\d+))?$/;

/** Decimal places of a tick size: '0.01' → 2, '0.5' → 1, '1' → 0. */
export function tickDecimals(tickSize: string): number {
  const match = DECIMAL.exec(tickSize.trim());
  return match?.[1]?.replace(/0+$/, '').length ?? 0;
}

/** The places to show a price with: the tick's when the instrument is known, else the price's own. */
export function priceDecimals(price: string, tickSize: string | undefined): number {
  if (tickSize !== undefined) return tickDecimals(tickSize);
  return Math.min(DECIMAL.exec(price.trim())?.[1]?.length ?? 0, 8);
}

export function formatPrice(price: string, decimals: number, lang: string): string {
  return displayAmount(price, lang, { decimals, minDecimals: decimals });
}

/** The direction of a signed decimal string: '-0.01' down, '0.00' flat, '0.5' up. */
export function tone(value: string): Tone {
  const text = value.trim();
  if (!DECIMAL.test(text) || /^-?[0.]+$/.test(text)) return 'flat';
  return text.startsWith('-') ? 'down' : 'up';
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A fraction as a signed percentage with two places: '-0.0123' → '-1.23%'. */
export function formatChange(change: string, lang: string): string {
  let format = percentFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang, {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: 'exceptZero',
    });
    percentFormats.set(lang, format);
  }
  const ratio = Number(change);
  return Number.isFinite(ratio) ? format.format(ratio) : '--';
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
