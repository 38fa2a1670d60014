import { formatAssetAmountIn } from '@otc/core/amount';
import { useMemo } from 'react';
import { displayAmount, displayPercent, displayTime } from '../i18n/format.ts';
import { useLang } from '../i18n/useLang.ts';

/** Number and time formatting in the language on screen. */
export function useFormat() {
  const lang = useLang();
  return useMemo(
    () => ({
      lang,
      /** A decimal string, cut to `decimals` (at most 8) places. */
      amount: (value: string, decimals?: number) =>
        displayAmount(value, lang, decimals === undefined ? {} : { decimals: Math.min(decimals, 8) }),
      /**
       * An amount of an asset, by the one rule every screen uses: the asset's display decimals
       * (from the catalogue, `AssetsOverview.assets`), cut, never rounded up.
       */
      money: (value: string, asset: { displayDecimals: number } | undefined) =>
        formatAssetAmountIn(value, asset, lang),
      /** A USDT valuation: two places, always shown. */
      usdt: (value: string) => displayAmount(value, lang, { decimals: 2, minDecimals: 2 }),
      time: (iso: string) => displayTime(iso, lang),
      percent: (ratio: number) => displayPercent(ratio, lang, 4),
    }),
    [lang],
  );
}
