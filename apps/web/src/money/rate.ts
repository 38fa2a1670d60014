import { formatUnits, parseUnits } from '@otc/core/money/decimal';
import { displayAmount } from '../i18n/format.ts';

/**
 * Rates (fees, daily yields) as percentages, exactly: the fraction stays a decimal string and is
 * scaled with bigints, nothing passes through a JS number. Shared by the VIP and earn screens.
 */

const HUNDRED = 100n;

/** A fraction as a percentage in decimal text: '0.0009' -> '0.09', '0.24' -> '24'. Exact. */
export function toPercentText(fraction: string): string {
  return formatUnits(parseUnits(fraction) * HUNDRED);
}

/** How the locale writes a percentage around its number ("5%", "5 %", "%5"). */
function percentAffixes(lang: string): { before: string; after: string } {
  const parts = new Intl.NumberFormat(lang, { style: 'percent' }).formatToParts(1);
  const at = parts.findIndex((p) => p.type === 'integer');
  const text = (list: Intl.NumberFormatPart[]) => list.map((p) => p.value).join('');
  return { before: text(parts.slice(0, Math.max(at, 0))), after: text(parts.slice(at + 1)) };
}

/** A fraction as the locale writes a percentage, cut (never rounded up) to `decimals` places, at least `minDecimals`. */
export function displayFraction(
  fraction: string,
  lang: string,
  places: { decimals: number; minDecimals?: number },
): string {
  const { before, after } = percentAffixes(lang);
  return `${before}${displayAmount(toPercentText(fraction), lang, places)}${after}`;
}

/** A rate as the locale writes a percentage, cut (never rounded up) to 4 places: '0.00085' -> '0.085%'. */
export function displayRate(rate: string, lang: string): string {
  return displayFraction(rate, lang, { decimals: 4 });
}
