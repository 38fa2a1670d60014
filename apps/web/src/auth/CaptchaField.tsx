import type { Captcha } from '@otc/protocol/auth/schemas';
import { useTranslation } from 'react-i18next';
import { Field } from '../ui/Field.tsx';
import { Spinner } from '../ui/Spinner.tsx';

export function CaptchaField({
  captcha,
  value,
  error,
  onChange,
  onRefresh,
}: {
  captcha: Captcha | null;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('auth.fields.captcha')}
      name="captcha"
      autoComplete="off"
      autoCapitalize="off"
      maxLength={12}
      placeholder={t('auth.placeholders.captcha')}
      hint={t('auth.captcha.refresh')}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
      addon={
        <button type="button" className="captcha-btn" onClick={onRefresh} aria-label={t('auth.captcha.alt')}>
          {captcha ? (
            <img src={captcha.image} alt={t('auth.captcha.alt')} data-testid="captcha-image" />
          ) : (
            <Spinner size={18} />
          )}
        </button>
      }
    />
  );
}
