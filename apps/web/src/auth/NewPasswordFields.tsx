import { useTranslation } from 'react-i18next';
import type { TKey } from '../i18n/keys.ts';
import { PasswordField } from '../ui/PasswordField.tsx';

/** A new password and its confirmation, as registration and reset ask for them. */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
  onPassword,
  onConfirmPassword,
}: {
  label: TKey;
  password: string;
  confirmPassword: string;
  onPassword: (value: string) => void;
  onConfirmPassword: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t(label)}
        name="password"
        autoComplete="new-password"
        placeholder={t('auth.placeholders.password')}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <PasswordField
        label={t('auth.fields.confirmPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        placeholder={t('auth.placeholders.confirmPassword')}
        value={confirmPassword}
        onChange={(e) => onConfirmPassword(e.target.value)}
      />
    </>
  );
}
