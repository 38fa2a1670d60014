import { useTranslation } from 'react-i18next';
import type { TKey } from '../i18n/keys.ts';
import { PasswordField } from './PasswordField.tsx';
import type { FieldErrors } from './useFieldErrors.ts';

/**
 * A new password and its confirmation, as registration, reset and the security centre's two
 * password forms ask for them (fields `password` and `confirmPassword`). The rule is a hint
 * under the field, where it wraps in every language (as a placeholder it was cut off at 390 px).
 */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
  errors,
  onPassword,
  onConfirmPassword,
}: {
  label: TKey;
  password: string;
  confirmPassword: string;
  errors: FieldErrors<'password' | 'confirmPassword'>;
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
        hint={errors.password ? undefined : t('auth.hints.password')}
        value={password}
        error={errors.password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <PasswordField
        label={t('auth.fields.confirmPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        placeholder={t('auth.placeholders.confirmPassword')}
        value={confirmPassword}
        error={errors.confirmPassword}
        onChange={(e) => onConfirmPassword(e.target.value)}
      />
    </>
  );
}
