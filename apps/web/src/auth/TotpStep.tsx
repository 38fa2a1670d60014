import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { useFieldErrors } from '../ui/useFieldErrors.ts';
import { AuthHeader } from './AuthHeader.tsx';
import { authApi } from './authApi.ts';
import { signIn } from './sessionActions.ts';

const FIELDS = ['code'] as const;

/**
 * The second step of a sign-in with two-factor on (decision 0156): the password or the wallet was
 * right, the server answered a challenge; a code from the authenticator app, or a recovery code,
 * finishes it. An expired or spent challenge goes back to the first step.
 */
export function TotpStep({
  challenge,
  onDone,
  onBack,
}: {
  challenge: string;
  onDone: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFieldErrors<(typeof FIELDS)[number]>(FIELDS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      form.show('code', t('auth.totp.required'));
      return;
    }
    setBusy(true);
    try {
      signIn(await authApi.loginTotp({ challenge, code }));
      onDone();
    } catch (error) {
      form.fail(error);
      if (isApiError(error) && error.key === 'totp_challenge_invalid') onBack();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <AuthHeader heading={t('auth.totp.heading')} subtitle={t('auth.totp.subtitle')} />
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field
          label={t('auth.totp.code')}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          placeholder={t('auth.totp.placeholder')}
          value={code}
          error={form.errors.code}
          onChange={(e) => {
            setCode(e.target.value);
            form.clear('code');
          }}
          data-testid="totp-code"
        />
        <Button type="submit" block loading={busy} disabled={busy} data-testid="totp-submit">
          {t('auth.totp.submit')}
        </Button>
        <Button variant="ghost" block disabled={busy} onClick={onBack} data-testid="totp-back">
          {t('auth.totp.back')}
        </Button>
      </form>
    </div>
  );
}
