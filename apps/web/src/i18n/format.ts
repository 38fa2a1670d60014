import { formatAmount, localeSeparators as separators } from '@otc/core/amount';
import { DATE_TIME, formatCompactIn, formatDateTimeIn, formatPercentIn } from '@otc/core/display';

/** The language's thousands and decimal separators (core's, so the server's texts use the same). */
export { separators };

/**
 * A decimal-string amount for display in `lang`: cut (never rounded up) to `decimals` places,
 * at most 8 by default (seed §9), with the locale's separators. Never passes through a JS number.
 * An amount of an asset goes through `useFormat().money` (the asset's display decimals) instead.
 */
export function displayAmount(
  value: string,
  lang: string,
  options: { decimals?: number; minDecimals?: number } = {},
): string {
  const { group, decimal } = separators(lang);
  return formatAmount(value, { ...options, groupSeparator: group, decimalSeparator: decimal });
}

/**
 * Volumes and turnovers on every screen (market list, instrument header): core's compact rule, so
 * a value reads the same wherever it shows (2,930 and 2.91万 both carry three digits).
 */
export const displayCompact = formatCompactIn;

/** A percentage by the one rule, two places always: displayPercent('0.0512', 'de') → "5,12 %". */
export const displayPercent = (ratio: string | number, lang: string): string => formatPercentIn(ratio, lang);

/**
 * A timestamp by the one date style (core's DATE_TIME: medium date, short time), or another of
 * core's styles (CLOCK on a live tape, DATE_ONLY for a day). '' for anything unreadable.
 */
export function displayTime(
  timestamp: number | string,
  lang: string,
  style: Intl.DateTimeFormatOptions = DATE_TIME,
  timeZone?: string,
): string {
  return formatDateTimeIn(timestamp, lang, style, timeZone);
}
