import { formatAssetAmountIn } from '@otc/core/asset-amount';
import { formatPriceIn } from '@otc/core/display';
import { useMemo } from 'react';
import { displayAmount, displayPercent, displayTime } from '../i18n/format.ts';
import { useLang } from '../i18n/useLang.ts';

/** USDT's entry in the catalogue: two places, always shown. */
export const USDT_DISPLAY = { displayDecimals: 2 };

/**
 * Number and time formatting in the language on screen, by the one rule (docs/DESIGN.md "Numbers
 * and dates"): amounts by the asset, prices by the tick, percentages with two places, one date style.
 */
export function useFormat() {
  const lang = useLang();
  return useMemo(
    () => ({
      lang,
      /** A quantity that is no asset's amount (lots, a rate), cut to `decimals` (at most 8) places. */
      amount: (value: string, decimals?: number) =>
        displayAmount(value, lang, decimals === undefined ? {} : { decimals: Math.min(decimals, 8) }),
      /**
       * An amount of an asset, by the one rule every screen uses: the asset's display decimals
       * (from the catalogue, `AssetsOverview.assets`), cut, never rounded up.
       */
      money: (value: string, asset: { displayDecimals: number } | undefined) =>
        formatAssetAmountIn(value, asset, lang),
      /** An amount of USDT: two places, always shown. */
      usdt: (value: string) => formatAssetAmountIn(value, USDT_DISPLAY, lang),
      /** A price of an instrument, at its tick's places, fixed width (its own places until the instrument is known). */
      price: (value: string, instrument: { tickSize: string } | undefined) =>
        instrument ? formatPriceIn(value, instrument, lang) : displayAmount(value, lang),
      time: (iso: string | number) => displayTime(iso, lang),
      /** A ratio as a percentage with two places (0.555556 → 55.56%). */
      percent: (ratio: string | number) => displayPercent(ratio, lang),
    }),
    [lang],
  );
}
