import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TKey } from '../i18n/keys.ts';
import { Icon } from '../ui/Icon.tsx';
import { chooseTheme, storedChoice, THEME_CHOICES, type ThemeChoice } from '../ui/theme.ts';

const LABELS: Record<ThemeChoice, TKey> = {
  system: 'settings.theme.system',
  light: 'settings.theme.light',
  dark: 'settings.theme.dark',
};

/** The system's theme, light or dark, kept on this device; choosing one recolours the app at once. */
export function ThemePicker() {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(storedChoice);
  return (
    <fieldset className="menu menu-fieldset">
      <legend className="visually-hidden">{t('settings.theme.title')}</legend>
      {THEME_CHOICES.map((option) => (
        <label key={option} className="menu-row" data-testid={`theme-${option}`}>
          <input
            type="radio"
            name="theme"
            value={option}
            className="visually-hidden"
            checked={option === choice}
            onChange={() => {
              chooseTheme(option);
              setChoice(option);
            }}
          />
          <span className="menu-row-main">
            <span>{t(LABELS[option])}</span>
            {option === 'system' && <span className="menu-row-sub">{t('settings.theme.systemHint')}</span>}
          </span>
          {option === choice && (
            <span className="menu-row-check">
              <Icon name="check" size={20} />
            </span>
          )}
        </label>
      ))}
    </fieldset>
  );
}
