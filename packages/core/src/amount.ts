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

/** Cash-like assets (USDT, USD) show this many places or fewer, and then always all of them. */
const CASH_DECIMALS = 2;

/**
 * The one rule for showing an amount of an asset, on every screen (issue 13): cut (never rounded
 * up, so a balance never reads more than it is) to the asset's display decimals, or to the default
 * for an asset the catalogue has not named. A cash-like asset keeps all its places (100,000.00
 * USDT, as the big apps show it: in German "100.000" would read as a hundred); a coin drops its
 * trailing zeros (0.01 BTC). The web app and the back office both format with it.
 */
export function formatAssetAmount(
  value: string,
  asset: { displayDecimals: number } | undefined,
  separators: { groupSeparator?: string; decimalSeparator?: string } = {},
): string {
  const decimals = asset?.displayDecimals ?? DEFAULT_DECIMALS;
  const minDecimals = decimals <= CASH_DECIMALS ? decimals : 0;
  return formatAmount(value, { ...separators, decimals, minDecimals });
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

/** An amount of an asset by the one rule (formatAssetAmount), in a language's separators. */
export function formatAssetAmountIn(
  value: string,
  asset: { displayDecimals: number } | undefined,
  lang: string,
): string {
  const { group, decimal } = localeSeparators(lang);
  return formatAssetAmount(value, asset, { groupSeparator: group, decimalSeparator: decimal });
}
