import { useTranslation } from 'react-i18next';
import type { TKey } from '../i18n/keys.ts';
import { PasswordField } from '../ui/PasswordField.tsx';
import type { FieldErrors } from '../ui/useFieldErrors.ts';
import type { AuthField } from './validate.ts';

/**
 * A new password and its confirmation, as registration and reset ask for them. The rule is a hint
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
  errors: FieldErrors<AuthField>;
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
