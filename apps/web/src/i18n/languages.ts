import { DEFAULT_LANGUAGE, LANGUAGES, type Language, pickLanguage } from '@otc/protocol/languages';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice first, then the browser's preferences, then English. */
export function chooseLanguage(stored: unknown, browserLanguages: readonly string[] | undefined): Language {
  if (isLanguage(stored)) return stored;
  if (browserLanguages && browserLanguages.length > 0) return pickLanguage(browserLanguages.join(','));
  return DEFAULT_LANGUAGE;
}
