import { DEFAULT_LANGUAGE, type Language } from '@otc/protocol/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cache, STORAGE_KEYS } from '../api/storage.ts';
import { chooseLanguage } from './languages.ts';
import en from './locales/en.json?tier=first';
import type { Tier } from './tiers.ts';

type Bundle = Record<string, unknown>;

// English's first tier ships in the entry; every other tier of every language is a chunk of its
// own, fetched when needed (tiers.ts).
const loaders: Record<Tier, Record<string, () => Promise<Bundle>>> = {
  first: import.meta.glob<Bundle>(['./locales/*.json', '!./locales/en.json'], {
    query: '?tier=first',
    import: 'default',
  }),
  rest: import.meta.glob<Bundle>('./locales/*.json', { query: '?tier=rest', import: 'default' }),
};
const loaded = new Map<string, Promise<void>>([[`${DEFAULT_LANGUAGE} first`, Promise.resolve()]]);
/** Set once a page beyond home asked for the rest: a language chosen later loads both its tiers. */
let restWanted = false;

/** The language choice is a preference, not a session: keep it for a year. */
const LANGUAGE_LIFETIME_SECONDS = 365 * 24 * 3600;

function loadTier(lang: Language, tier: Tier): Promise<void> {
  const key = `${lang} ${tier}`;
  let done = loaded.get(key);
  if (!done) {
    const load = loaders[tier][`./locales/${lang}.json`];
    done = (load ? load() : Promise.resolve(undefined)).then((bundle) => {
      if (bundle) i18next.addResourceBundle(lang, 'translation', bundle, true, true);
    });
    // A failed fetch (offline) is tried again next time.
    done.catch(() => loaded.delete(key));
    loaded.set(key, done);
  }
  return done;
}

async function loadBundle(lang: Language): Promise<void> {
  await loadTier(lang, 'first');
  if (restWanted) await loadTier(lang, 'rest');
}

/**
 * The strings of every area beyond home's, in the language on screen (every language has every
 * key: locales.test.ts). Routes other than home wait for them before they show.
 */
export function loadAllStrings(): Promise<void> {
  restWanted = true;
  return loadTier(currentLanguage(), 'rest');
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
