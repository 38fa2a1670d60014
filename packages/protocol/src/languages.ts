/** The 12 languages of the product (seed §1). English is the default and the fallback. */
export const LANGUAGES = ['en', 'zh-TW', 'ja', 'ko', 'th', 'es', 'pt', 'de', 'fr', 'sv', 'it', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, for the language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-TW': '繁體中文',
  ja: '日本語',
  ko: '한국어',
  th: 'ไทย',
  es: 'Español',
  pt: 'Português',
  de: 'Deutsch',
  fr: 'Français',
  sv: 'Svenska',
  it: 'Italiano',
  ru: 'Русский',
};

/** The header the client sends its current language in (seed §7: "a language header"). */
export const LANGUAGE_HEADER = 'accept-language';

/** Picks the best supported language from a header value such as "zh-TW,zh;q=0.9,en;q=0.8". */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((w) => w.tag.length > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    if (tag.startsWith('zh')) return 'zh-TW';
    const base = LANGUAGES.find((l) => l.toLowerCase() === tag.split('-')[0]);
    if (base) return base;
  }
  return DEFAULT_LANGUAGE;
}
