import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { useCodeEntry } from '../ui/useCodeEntry.ts';
import { AuthHeader } from './AuthHeader.tsx';
import { authApi } from './authApi.ts';
import { signIn } from './sessionActions.ts';

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
  const entry = useCodeEntry(
    async (code) => {
      signIn(await authApi.loginTotp({ challenge, code }));
      onDone();
    },
    (error) => {
      if (isApiError(error) && error.key === 'totp_challenge_invalid') onBack();
    },
  );

  return (
    <div className="auth-page">
      <AuthHeader heading={t('auth.totp.heading')} subtitle={t('auth.totp.subtitle')} />
      <form className="auth-form" onSubmit={entry.send} noValidate>
        <Field
          label={t('auth.totp.code')}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          placeholder={t('auth.totp.placeholder')}
          value={entry.code}
          error={entry.error}
          onChange={(e) => entry.change(e.target.value)}
          data-testid="totp-code"
        />
        <Button type="submit" block loading={entry.busy} disabled={entry.busy} data-testid="totp-submit">
          {t('auth.totp.submit')}
        </Button>
        <Button variant="ghost" block disabled={entry.busy} onClick={onBack} data-testid="totp-back">
          {t('auth.totp.back')}
        </Button>
      </form>
    </div>
  );
}
