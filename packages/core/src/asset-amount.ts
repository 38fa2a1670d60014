import { DEFAULT_DECIMALS, formatAmount, localeSeparators } from './amount.ts';

// Apart from amount.ts so the web app's first route, which formats prices but no asset's amount,
// does not carry it (the budget, issue 24).

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

/** An amount of an asset by the one rule (formatAssetAmount), in a language's separators. */
export function formatAssetAmountIn(
  value: string,
  asset: { displayDecimals: number } | undefined,
  lang: string,
): string {
  const { group, decimal } = localeSeparators(lang);
  return formatAssetAmount(value, asset, { groupSeparator: group, decimalSeparator: decimal });
}
