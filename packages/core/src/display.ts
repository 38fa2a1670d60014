/**
 * The one rule for numbers and dates on every screen (issue 24): the web app, the back office and
 * the server's texts (notifications) all format through here, so a figure reads the same wherever
 * it shows. Amounts: `formatAssetAmountIn` (amount.ts), by the asset's display decimals. Prices: by
 * the instrument's tick, fixed width. Percentages: two places, always. Dates: one style
 * (DATE_TIME). docs/DESIGN.md "Numbers and dates" says why.
 */
import { formatAmount, localeSeparators } from './amount.ts';
import { parseUnits } from './money/decimal.ts';
import { toMillis } from './time.ts';

const DECIMAL = /^-?\d+(?:\.(\d+))?$/;

/** Decimal places of a tick size: '0.01' → 2, '0.5' → 1, '1' → 0. */
export function tickDecimals(tickSize: string): number {
  return DECIMAL.exec(tickSize.trim())?.[1]?.replace(/0+$/, '').length ?? 0;
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

const percentShapes = new Map<string, { before: string; after: string }>();

/** Where the language puts the percent sign and its space: "5 %" in German, "5%" in English. */
function percentShape(lang: string): { before: string; after: string } {
  let shape = percentShapes.get(lang);
  if (!shape) {
    const parts = new Intl.NumberFormat(lang, { style: 'percent' }).formatToParts(0.05);
    const at = parts.findIndex((p) => p.type === 'integer');
    const text = (list: Intl.NumberFormatPart[]) => list.map((p) => p.value).join('');
    shape = { before: text(parts.slice(0, at)), after: text(parts.slice(at + 1)) };
    percentShapes.set(lang, shape);
  }
  return shape;
}

/** A ratio as exact units of 10^-18, or null; a JS number (a display-only ratio) goes through 12 places. */
function ratioUnits(ratio: string | number): bigint | null {
  const text = typeof ratio === 'number' ? (Number.isFinite(ratio) ? ratio.toFixed(12) : '') : ratio.trim();
  try {
    return parseUnits(text);
  } catch {
    return null;
  }
}

/**
 * A ratio as a percentage with exactly two places, rounded half away from zero (a share, a
 * rate: not money), in the language's own shape: 0.555556 → "55.56%", in German "55,56 %".
 * `signed` shows a plus on a rise (24 h change: "+5.00%"), none on zero. '--' for no number.
 */
export function formatPercentIn(
  ratio: string | number,
  lang: string,
  options: { signed?: boolean } = {},
): string {
  const units = ratioUnits(ratio);
  if (units === null) return '--';
  // units are ratio × 10^18; the percentage to 2 places is ratio × 10^4, i.e. units / 10^14.
  const step = 10n ** 14n;
  const size = units < 0n ? -units : units;
  const hundredths = (size + step / 2n) / step;
  const digits = hundredths.toString().padStart(3, '0');
  const number = formatAmount(`${digits.slice(0, -2)}.${digits.slice(-2)}`, {
    decimals: 2,
    minDecimals: 2,
    groupSeparator: localeSeparators(lang).group,
    decimalSeparator: localeSeparators(lang).decimal,
  });
  const sign = hundredths === 0n ? '' : units < 0n ? '-' : options.signed ? '+' : '';
  const { before, after } = percentShape(lang);
  return `${sign}${before}${number}${after}`;
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

const dateFormats = new Map<string, Intl.DateTimeFormat>();

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
  const key = `${lang}|${JSON.stringify(style)}|${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, timeZone ? { ...style, timeZone } : style);
    dateFormats.set(key, format);
  }
  return format.format(millis);
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
