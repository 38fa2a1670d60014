import { LANGUAGE_NAMES, LANGUAGES } from '@otc/protocol/languages';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../i18n/i18n.ts';
import { Icon } from '../ui/Icon.tsx';
import { toast } from '../ui/toast.ts';

/** All 12 languages, each named in itself; choosing one switches the whole app at once. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <fieldset className="menu menu-fieldset">
      <legend className="visually-hidden">{t('settings.main.language')}</legend>
      {LANGUAGES.map((code) => (
        <label key={code} className="menu-row" data-testid={`lang-${code}`} lang={code}>
          <input
            type="radio"
            name="language"
            value={code}
            className="visually-hidden"
            checked={code === current}
            onChange={() => setLanguage(code).catch(() => toast(t('errors.network')))}
          />
          <span className="menu-row-main">{LANGUAGE_NAMES[code]}</span>
          {code === current && (
            <span className="menu-row-check">
              <Icon name="check" size={20} />
            </span>
          )}
        </label>
      ))}
    </fieldset>
  );
}
