import {
  CLOCK,
  formatAmount,
  formatAssetAmountIn,
  formatDateTimeIn,
  formatPercentIn,
  formatPriceIn,
  formatQuantityIn,
} from '@otc/core';

/** The back office's language: English only (texts.ts), formatted by the app's one rule all the same. */
const LANG = 'en';

/**
 * A time in the one date style of every screen (docs/DESIGN.md "Numbers and dates"): "Nov 27,
 * 2026, 4:01 PM" in the operator's local time (tables put the full ISO value in a title).
 */
export function formatTime(iso: string): string {
  return formatDateTimeIn(iso, LANG) || iso;
}

/** A clock where the second matters (when a page was refreshed). */
export function formatClock(ms: number): string {
  return formatDateTimeIn(ms, LANG, CLOCK);
}

/** An amount of an asset by its display decimals (the catalogue's), as the app shows it. */
export const formatMoney = (value: string, asset: { displayDecimals: number } | undefined): string =>
  formatAssetAmountIn(value, asset, LANG);

/** An amount of USDT: two places, always. */
export const formatUsdt = (value: string): string => formatAssetAmountIn(value, { displayDecimals: 2 }, LANG);

/** A price at the instrument's tick, fixed width. */
export const formatPrice = (value: string, instrument: { tickSize: string }): string =>
  formatPriceIn(value, instrument, LANG);

/** A quantity that is no asset's amount (a position's lots, in base units): grouped, as the app shows it. */
export const formatQuantity = (value: string): string => formatQuantityIn(value, LANG);

/** An amount exactly as the server holds it, every decimal kept, grouped (a treasury's figures). */
export const formatExact = (value: string): string => formatAmount(value, { decimals: 18 });

/** A ratio as a percentage with two places. */
export const formatPercent = (ratio: string | number): string => formatPercentIn(ratio, LANG);

/** Newest first, whatever order the page arrived in. */
export function newestFirst<T extends { createdAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/**
 * Money stays a decimal string end to end: these helpers only look at the text, never parse it
 * into a JS number.
 */
export function isNegativeAmount(amount: string): boolean {
  return amount.trim().startsWith('-');
}

export function isZeroAmount(amount: string): boolean {
  return !/[1-9]/.test(amount);
}

/** CSS class for a signed amount: green credit, red debit. */
export function amountClass(amount: string): string {
  if (isZeroAmount(amount)) return 'amount';
  return isNegativeAmount(amount) ? 'amount amount-debit' : 'amount amount-credit';
}
