import { displayAmount } from '../i18n/format.ts';
import { useLang } from '../i18n/useLang.ts';

/**
 * An item's price as it is, in the reader's separators: operators set it to USDT's 6 places, so it
 * is never cut (0.123456 stays so; 12.5 shows 12.50, as USDT amounts do elsewhere).
 */
export function usePrice(): (price: string) => string {
  const lang = useLang();
  return (price) => `${displayAmount(price, lang, { decimals: 6, minDecimals: 2 })} USDT`;
}
