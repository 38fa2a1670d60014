/**
 * The one rule for numbers and dates on every screen (issue 24): the web app, the back office and
 * the server's texts (notifications) all format through here, so a figure reads the same wherever
 * it shows. Amounts: `formatAssetAmountIn` (amount.ts), by the asset's display decimals. Prices: by
 * the instrument's tick, fixed width. Percentages: two places, always. Dates: one style
 * (DATE_TIME). docs/DESIGN.md "Numbers and dates" says why.
 */
import { formatAmount, localeSeparators } from './amount.ts';
import { toMillis } from './time.ts';

/** Decimal places of a tick size: '0.01' → 2, '0.5' → 1, '1' → 0. */
export function tickDecimals(tickSize: string): number {
  return tickSize.trim().split('.')[1]?.replace(/0+$/, '').length ?? 0;
}

/**
 * A price at `decimals` places, fixed width (67,433.80 for a 0.01 tick, never 67,433.8), cut like
 * every figure here, in the language's separators.
 */
export function formatPriceAt(value: string, decimals: number, lang: string): string {
  const { group, decimal } = localeSeparators(lang);
  return formatAmount(value, {
    decimals,
    minDecimals: decimals,
    groupSeparator: group,
    decimalSeparator: decimal,
  });
}

/** A price of an instrument, at its tick's decimals (a JPY pair with tick 0.001 shows 156.123). */
export function formatPriceIn(value: string, instrument: { tickSize: string }, lang: string): string {
  return formatPriceAt(value, tickDecimals(instrument.tickSize), lang);
}

/** A quantity that is no asset's amount (lots, contracts): the default places, the language's separators. */
export function formatQuantityIn(value: string, lang: string): string {
  const { group, decimal } = localeSeparators(lang);
  return formatAmount(value, { groupSeparator: group, decimalSeparator: decimal });
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/**
 * A ratio as a percentage with exactly two places, rounded half away from zero (a share, a rate:
 * not money, so a display-only JS number), in the language's own shape: 0.555556 → "55.56%", in
 * German "55,56 %". `signed` shows a plus on a rise (24 h change: "+5.00%"), none on what rounds
 * to zero. '--' for what is no number.
 */
export function formatPercentIn(
  ratio: string | number,
  lang: string,
  options: { signed?: boolean } = {},
): string {
  const key = `${lang}|${options.signed === true}`;
  let format = percentFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: options.signed ? 'exceptZero' : 'auto',
    });
    percentFormats.set(key, format);
  }
  const number = typeof ratio === 'number' ? ratio : ratio.trim() === '' ? Number.NaN : Number(ratio);
  return Number.isFinite(number) ? format.format(number) : '--';
}

/**
 * THE date style, for every record, list, notification and back-office table: the language's
 * medium date and short time ("Nov 27, 2026, 4:01 PM", "27.11.2026, 16:01", "2026/11/27 16:01").
 */
export const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
/** A day without its time (an article's date): the same medium date. */
export const DATE_ONLY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
/** A clock on a live tape (trades, a seconds contract's ticks), where the second matters: time only. */
export const CLOCK: Intl.DateTimeFormatOptions = { timeStyle: 'medium' };

/**
 * A timestamp in one of the styles above: numbers and digit strings go through toMillis (9 or 10
 * digits are seconds), other strings are parsed as ISO dates. '' for anything unreadable.
 */
export function formatDateTimeIn(
  timestamp: number | string,
  lang: string,
  style: Intl.DateTimeFormatOptions = DATE_TIME,
  timeZone?: string,
): string {
  const isDigits = typeof timestamp === 'number' || /^-?\d+(\.\d+)?$/.test(timestamp.trim());
  const millis = isDigits ? toMillis(timestamp) : Date.parse(timestamp);
  if (!Number.isFinite(millis)) return '';
  return new Intl.DateTimeFormat(lang, timeZone ? { ...style, timeZone } : style).format(millis);
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/**
 * Volumes and turnovers (market list, instrument header): the language's own compact units
 * (K/M/B, 万/億, 만/억...) with three significant digits, grouped. A display-only JS number.
 */
export function formatCompactIn(value: string, lang: string): string {
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
