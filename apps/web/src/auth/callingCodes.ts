import { toE164 } from '@otc/protocol/auth/phone';
import { CALLING_CODES } from '@otc/protocol/common/countries';

export { CALLING_CODES };

export const FALLBACK_REGION = 'US';

/** The region a browser locale names ("de-DE", "pt-BR"), else the likeliest one for its language. */
export function regionOfLocale(locale: string | undefined): string {
  if (!locale) return FALLBACK_REGION;
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region && region in CALLING_CODES ? region : FALLBACK_REGION;
  } catch {
    return FALLBACK_REGION;
  }
}

/**
 * The number as the server stores it, E.164, read as libphonenumber reads it: a number typed with
 * its own + as international, else as a national number of `region` (the picker's), trunk prefix
 * and all (Italy keeps its 0, Russia's 8 goes; issue 23: stripping every leading 0 lost Italy's).
 * Not a valid number of that region: what was typed, trimmed, for the form to refuse ('' if empty).
 */
export function internationalNumber(region: string, typed: string): string {
  return toE164(typed, region) ?? typed.trim();
}

export interface CallingCodeOption {
  region: string;
  code: string;
  name: string;
}

/** Every region with its calling code and its name in `language`, sorted by that name. */
export function callingCodeOptions(language: string): CallingCodeOption[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = undefined;
  }
  return Object.entries(CALLING_CODES)
    .map(([region, code]) => ({ region, code, name: names?.of(region) ?? region }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

/** Options whose name, region or calling code contain the query (a "+" and spaces are ignored). */
export function searchCallingCodes(
  options: readonly CallingCodeOption[],
  query: string,
): CallingCodeOption[] {
  const q = query.trim().toLowerCase().replace(/^\+/, '');
  if (!q) return [...options];
  return options.filter(
    (o) => o.name.toLowerCase().includes(q) || o.region.toLowerCase() === q || o.code.startsWith(q),
  );
}
