import 'i18next';
import type en from './locales/en.json';

// Keys are checked against the English file, the source every other language is translated from.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
