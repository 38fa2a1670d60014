import { DEFAULT_LANGUAGE, type Language } from '@otc/protocol/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cache, STORAGE_KEYS } from '../api/storage.ts';
import { chooseLanguage } from './languages.ts';
import en from './locales/en.json';

type Bundle = typeof en;

// English ships in the entry; every other language is its own chunk, fetched when chosen.
const loaders = import.meta.glob<Bundle>(['./locales/*.json', '!./locales/en.json'], { import: 'default' });

/** The language choice is a preference, not a session: keep it for a year. */
const LANGUAGE_LIFETIME_SECONDS = 365 * 24 * 3600;

async function loadBundle(lang: Language): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  const load = loaders[`./locales/${lang}.json`];
  if (!load) return;
  i18next.addResourceBundle(lang, 'translation', await load(), true, true);
}

function applyToDocument(lang: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export async function initI18n(): Promise<void> {
  const lang = chooseLanguage(
    cache.get(STORAGE_KEYS.lang),
    typeof navigator === 'undefined' ? undefined : navigator.languages,
  );
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (lang !== DEFAULT_LANGUAGE) {
    try {
      await loadBundle(lang);
      await i18next.changeLanguage(lang);
    } catch {
      // The bundle did not load: stay in English rather than fail to start.
    }
  }
  applyToDocument(currentLanguage());
}

/** Switches the UI at once, remembers the choice, and later requests carry it. */
export async function setLanguage(lang: Language): Promise<void> {
  await loadBundle(lang);
  await i18next.changeLanguage(lang);
  cache.set(STORAGE_KEYS.lang, lang, LANGUAGE_LIFETIME_SECONDS);
  applyToDocument(lang);
}

export function currentLanguage(): Language {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return chooseLanguage(lang, undefined);
}

export { i18next as i18n };
