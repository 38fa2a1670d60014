import { useTranslation } from 'react-i18next';
import { chooseLanguage } from './languages.ts';

/** The language on screen, for number formatting. */
export function useLang(): string {
  const { i18n } = useTranslation();
  return chooseLanguage(i18n.resolvedLanguage ?? i18n.language, undefined);
}
