import type { Instrument } from '@otc/protocol/market/schemas';
import type { TFunction } from 'i18next';

/** The catalogue names a perpetual "<its spot's name> perpetual" (server market/catalogue.ts). */
const PERP_SUFFIX = / perpetual$/;

/**
 * An instrument's name in the reader's language (issue 24: "Bitcoin perpetual" on a German screen).
 * The server's catalogue names are English; company and coin names are proper names and stay; a
 * perpetual's is the translated pattern around its coin; a currency pair's comes from the browser's
 * own currency names; metals and commodities have their keys (by base: XAU, WTI, ...). Anything
 * else, a new instrument among them, shows the catalogue's name.
 */
export function instrumentName(
  i: Pick<Instrument, 'name' | 'kind' | 'class' | 'base' | 'quote'>,
  t: TFunction,
  lang: string,
): string {
  if (i.kind === 'perp') return t('market.perpName', { name: i.name.replace(PERP_SUFFIX, '') });
  if (i.class === 'forex') {
    try {
      const names = new Intl.DisplayNames(lang, { type: 'currency', fallback: 'none' });
      const base = names.of(i.base);
      const quote = names.of(i.quote);
      if (base && quote) return `${base} / ${quote}`;
    } catch {
      // A browser without those names: the catalogue's.
    }
    return i.name;
  }
  if (i.class === 'metal' || i.class === 'commodity')
    return t(`market.names.${i.base}`, { defaultValue: i.name });
  return i.name;
}
