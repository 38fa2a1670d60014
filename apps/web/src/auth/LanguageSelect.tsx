import { LANGUAGE_NAMES, LANGUAGES } from '@otc/protocol/languages';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../i18n/i18n.ts';
import { isLanguage } from '../i18n/languages.ts';
import { Icon } from '../ui/Icon.tsx';
import { toast } from '../ui/toast.ts';

/** A compact language choice for screens a guest sees (the full picker lives in Settings). */
export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <label className="lang-select">
      <Icon name="globe" size={18} />
      <span className="visually-hidden">{t('auth.login.language')}</span>
      <select
        data-testid="lang-select"
        value={currentLanguage()}
        onChange={(e) => {
          const lang = e.target.value;
          if (isLanguage(lang)) setLanguage(lang).catch(() => toast(t('errors.network')));
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
