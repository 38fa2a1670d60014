import { formatAmount, localeSeparators as separators } from '@otc/core/amount';
import { toMillis } from '@otc/core/time';

/** The language's thousands and decimal separators (core's, so the server's texts use the same). */
export { separators };

/**
 * A decimal-string amount for display in `lang`: cut (never rounded up) to `decimals` places,
 * at most 8 by default (seed §9), with the locale's separators. Never passes through a JS number.
 */
export function displayAmount(
  value: string,
  lang: string,
  options: { decimals?: number; minDecimals?: number } = {},
): string {
  const { group, decimal } = separators(lang);
  return formatAmount(value, { ...options, groupSeparator: group, decimalSeparator: decimal });
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/**
 * The one rule for volumes and turnovers on every screen (market list, instrument header, home):
 * the language's own compact units (K/M/B, 万/億, 만/억...) with three significant digits, grouped.
 * So a value reads the same wherever it shows, and Japanese no longer shows 2930.54 in one place
 * and 2.91万 in another: 2,930 and 2.91万 both carry three digits. A display-only JS number.
 */
export function displayCompact(value: string, lang: string): string {
  let format = compactFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang, {
      notation: 'compact',
      maximumSignificantDigits: 3,
      useGrouping: 'always',
    });
    compactFormats.set(lang, format);
  }
  const number = Number(value);
  return value.trim() !== '' && Number.isFinite(number) ? format.format(number) : '--';
}

/** A percentage for display, e.g. displayPercent(0.0512, 'de') → "5,12 %". */
export function displayPercent(ratio: number, lang: string, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits }).format(ratio);
}

/**
 * A timestamp for display: numbers and digit strings go through toMillis (9 or 10 digits are
 * seconds), other strings are parsed as ISO dates. Returns '' for anything unreadable.
 */
export function displayTime(
  timestamp: number | string,
  lang: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
  timeZone?: string,
): string {
  const isDigits = typeof timestamp === 'number' || /^-?\d+(\.\d+)?$/.test(timestamp.trim());
  const millis = isDigits ? toMillis(timestamp) : Date.parse(timestamp);
  if (!Number.isFinite(millis)) return '';
  return new Intl.DateTimeFormat(lang, timeZone ? { ...options, timeZone } : options).format(millis);
}
