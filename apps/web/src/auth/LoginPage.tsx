import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../api/errors.ts';
import { FORGET_PATH, NO_WALLET_PATH, REGISTER_PATH } from '../app/paths.ts';
import { RETURN_PARAM, safeReturnPath } from '../app/returnTo.ts';
import { useAreas } from '../app/useAreas.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { PasswordField } from '../ui/PasswordField.tsx';
import { toast } from '../ui/toast.ts';
import { useFieldErrors } from '../ui/useFieldErrors.ts';
import { AuthHeader } from './AuthHeader.tsx';
import { authApi } from './authApi.ts';
import { CallingCodePicker } from './CallingCodePicker.tsx';
import { CaptchaCheck } from './CaptchaCheck.tsx';
import { internationalNumber, regionOfLocale } from './callingCodes.ts';
import { LanguageSelect } from './LanguageSelect.tsx';
import { looksLikeLocalNumber, normalizeAccount } from './rules.ts';
import { SignedInGate } from './SignedInPanel.tsx';
import { signIn } from './sessionActions.ts';
import { TotpStep } from './TotpStep.tsx';
import { useCaptcha } from './useCaptcha.ts';
import { type AuthField, checkLogin, LOGIN_FIELDS } from './validate.ts';
import { walletLoginDeps } from './walletLoginDeps.ts';
import './auth.css';

const CAPTCHA_KEYS = new Set(['captcha_required', 'captcha_invalid']);

/** The form, or for someone already logged in who they are first (SignedInGate). */
export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <SignedInGate addLabel={t('auth.signedIn.addAccount')} form={(adding) => <LoginForm adding={adding} />} />
  );
}

function LoginForm({ adding }: { adding: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { findRoute } = useAreas();
  const returnTo = safeReturnPath(params.get(RETURN_PARAM), findRoute);
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [region, setRegion] = useState(() => regionOfLocale(navigator.language));
  const form = useFieldErrors<AuthField>(LOGIN_FIELDS);
  const localNumber = looksLikeLocalNumber(account);
  // A mobile number typed without its +: the picker's calling code goes in front.
  const loginAccount = (typed: string) =>
    looksLikeLocalNumber(typed) ? internationalNumber(region, typed) : normalizeAccount(typed);
  const [busy, setBusy] = useState<'login' | 'demo' | 'wallet' | null>(null);
  const captcha = useCaptcha();
  // Two-factor on: the first factor passed and the server asks the code for this challenge.
  const [challenge, setChallenge] = useState<string | null>(null);

  const askServerForCaptcha = async (value: string) => {
    if (!value || captcha.visible) return;
    try {
      const state = await authApi.loginState(value);
      if (state.captchaRequired) void captcha.show();
    } catch {
      // Asked quietly; the login itself will say if a captcha is needed.
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const login = loginAccount(account);
    const problem = checkLogin({ account: login, password });
    if (problem) {
      form.show(problem.field, t(problem.key));
      return;
    }
    setBusy('login');
    try {
      // A shown check is waited for: the browser may still be solving it.
      const solved = captcha.visible ? await captcha.solution() : null;
      if (captcha.visible && !solved) {
        form.show('captcha', t('auth.errors.captchaFailed'));
        return;
      }
      const result = await authApi.login({
        account: login,
        password,
        ...(solved ? { captcha: solved } : {}),
      });
      if ('challenge' in result) {
        setChallenge(result.challenge);
        return;
      }
      signIn(result);
      navigate(returnTo, { replace: true });
    } catch (error) {
      form.fail(error);
      // Each solved check is taken once: a refused login (or one that now needs it) solves a new one.
      if (isApiError(error) && CAPTCHA_KEYS.has(error.key)) void captcha.show();
      else if (captcha.visible) void captcha.refresh();
      else await askServerForCaptcha(login);
    } finally {
      setBusy(null);
    }
  };

  const tryDemo = async () => {
    setBusy('demo');
    try {
      signIn(await authApi.loginDemo());
      // A demo account tried from a page that asked to log in goes back there too.
      navigate(returnTo, { replace: true });
    } catch {
      // The client toasted the reason.
    } finally {
      setBusy(null);
    }
  };

  // The wallet module loads on this click only: nobody else pays for it.
  const connectWallet = async () => {
    setBusy('wallet');
    try {
      const wallet = await import('../wallet/index.ts');
      const found = await wallet.findProvider();
      if (!found) {
        navigate(NO_WALLET_PATH);
        return;
      }
      const result = await wallet.walletLogin(
        found.provider,
        walletLoginDeps(() => {
          window.location.hash = `#${returnTo}`;
          window.location.reload();
        }),
      );
      if (result.status === 'already') navigate(returnTo, { replace: true });
      else if (result.status === 'code') setChallenge(result.challenge);
      else if (result.status === 'rejected') toast(t('funding.wallet.signDeclined'));
      else if (result.status === 'failed') toast(t('funding.wallet.failed', { reason: result.reason }));
    } catch (error) {
      // The request client has shown the server's refusal already.
      if (!isApiError(error) || !error.shown) toast(t('funding.wallet.failed', { reason: String(error) }));
    } finally {
      setBusy(null);
    }
  };

  const withReturn = (path: string) => (params.has(RETURN_PARAM) ? `${path}?${params.toString()}` : path);

  if (challenge)
    return (
      <TotpStep
        challenge={challenge}
        onDone={() => navigate(returnTo, { replace: true })}
        onBack={() => setChallenge(null)}
      />
    );

  return (
    <div className="auth-page">
      <AuthHeader heading={t('auth.login.heading')} subtitle={t('auth.login.subtitle')} />
      {adding && (
        <p className="auth-add-hint" data-testid="add-account-hint">
          {t('auth.signedIn.addHint', { name: adding })}
        </p>
      )}
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field
          label={t('auth.fields.account')}
          name="account"
          autoComplete="username"
          autoCapitalize="off"
          inputMode="email"
          placeholder={t('auth.placeholders.account')}
          value={account}
          error={form.errors.account}
          lead={localNumber ? <CallingCodePicker region={region} onChange={setRegion} /> : undefined}
          onChange={(e) => {
            setAccount(e.target.value);
            form.clear('account');
          }}
          onBlur={() => void askServerForCaptcha(loginAccount(account))}
        />
        <PasswordField
          label={t('auth.fields.password')}
          name="password"
          autoComplete="current-password"
          placeholder={t('auth.placeholders.loginPassword')}
          value={password}
          error={form.errors.password}
          onChange={(e) => {
            setPassword(e.target.value);
            form.clear('password');
          }}
        />
        {captcha.visible && (
          <CaptchaCheck
            state={captcha.state}
            error={form.errors.captcha}
            onRetry={() => {
              form.clear('captcha');
              void captcha.refresh();
            }}
          />
        )}
        <div className="auth-row-end">
          <Link to={withReturn(FORGET_PATH)} data-testid="forgot-link">
            {t('auth.login.forgot')}
          </Link>
        </div>
        <Button type="submit" block loading={busy === 'login'} disabled={busy !== null} data-testid="submit">
          {t('auth.login.submit')}
        </Button>
      </form>
      <p className="auth-switch">
        {t('auth.login.noAccount')}{' '}
        <Link to={withReturn(REGISTER_PATH)} data-testid="register-link">
          {t('auth.login.register')}
        </Link>
      </p>
      <div className="auth-divider">
        <span>{t('auth.login.or')}</span>
      </div>
      <div className="auth-alt">
        <Button
          variant="secondary"
          block
          loading={busy === 'demo'}
          disabled={busy !== null}
          onClick={() => void tryDemo()}
          data-testid="demo-login"
        >
          {t('auth.login.demo')}
        </Button>
        <Button
          variant="ghost"
          block
          loading={busy === 'wallet'}
          disabled={busy !== null}
          onClick={() => void connectWallet()}
          data-testid="wallet-login"
        >
          {t('auth.login.wallet')}
        </Button>
      </div>
      <div className="auth-footer">
        <LanguageSelect />
      </div>
    </div>
  );
}
