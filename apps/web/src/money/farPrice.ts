import { divUnits, formatUnits, type Units } from '@otc/core/money/decimal';
import type { TFunction } from 'i18next';
import { unitsOrNull } from './amounts.ts';

/**
 * How far a limit price strays from the last price, as a percentage with two places, when that is
 * more than `thresholdPercent` (PRODUCT.md "Spot": above or below the market asks for confirmation,
 * up_rate / down_rate; positions' limit entries ask the same against the mark); else null.
 */
export function priceWarning(
  price: string,
  last: string | undefined,
  thresholdPercent = 5,
): { direction: 'above' | 'below'; rate: string } | null {
  const p = unitsOrNull(price);
  const l = unitsOrNull(last);
  if (p === null || l === null || l <= 0n || p <= 0n) return null;
  const diff = p > l ? p - l : l - p;
  // diff / last > threshold / 100, compared exactly.
  if (diff * 100n <= l * BigInt(thresholdPercent)) return null;
  const rate = divUnits(diff * 100n, l, 'half-up');
  return { direction: p > l ? 'above' : 'below', rate: formatUnits(roundTo(rate, 2), 2) };
}

function roundTo(units: Units, decimals: number): Units {
  const step = 10n ** BigInt(18 - decimals);
  const rest = units % step;
  return rest * 2n >= step ? units - rest + step : units - rest;
}

/**
 * The confirmation a limit price far from the market asks for, the same in every ticket (spot's
 * and positions'): its translated message, or null when the price is within the threshold.
 */
export function farPriceMessage(t: TFunction, price: string, last: string | undefined): string | null {
  const warning = priceWarning(price, last);
  if (!warning) return null;
  return t(warning.direction === 'above' ? 'common.priceAboveMarket' : 'common.priceBelowMarket', {
    rate: warning.rate,
  });
}
