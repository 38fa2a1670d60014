/** Seed §9: amounts show up to 8 decimals by default. */
export const DEFAULT_DECIMALS = 8;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Formats a decimal string for display without passing through a JS number: cuts (never rounds
 * up) to `decimals` places, drops trailing zeros, groups thousands with `groupSeparator`.
 * Returns the input unchanged when it is not a decimal string.
 */
export function formatAmount(
  value: string,
  options: {
    decimals?: number;
    minDecimals?: number;
    groupSeparator?: string;
    decimalSeparator?: string;
  } = {},
): string {
  const {
    decimals = DEFAULT_DECIMALS,
    minDecimals = 0,
    groupSeparator = ',',
    decimalSeparator = '.',
  } = options;
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', frac = ''] = match;
  let fraction = frac.slice(0, decimals).replace(/0+$/, '');
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, '0');
  const integer = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparator);
  const isZero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  return `${isZero ? '' : sign}${integer}${fraction ? decimalSeparator + fraction : ''}`;
}

const separatorCache = new Map<string, { group: string; decimal: string }>();

/**
 * A language's thousands and decimal separators, read from Intl once per language: the web app's
 * screens and the server's texts (notifications) group and point amounts alike.
 */
export function localeSeparators(lang: string): { group: string; decimal: string } {
  const known = separatorCache.get(lang);
  if (known) return known;
  const parts = new Intl.NumberFormat(lang).formatToParts(1234567.5);
  const found = {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
  separatorCache.set(lang, found);
  return found;
}
