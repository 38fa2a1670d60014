import type { RegisterBody } from '@otc/protocol/auth/schemas';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { HOME_PATH, LOGIN_PATH } from '../app/paths.ts';
import { NEW_USER_STATE } from '../app/welcome.ts';
import { Button } from '../ui/Button.tsx';
import { Field, FieldError } from '../ui/Field.tsx';
import { NewPasswordFields } from '../ui/NewPasswordFields.tsx';
import { toast } from '../ui/toast.ts';
import { useFieldErrors } from '../ui/useFieldErrors.ts';
import { AccountCodeFields, type AccountCodeValues, accountOf, identityOf } from './AccountCodeFields.tsx';
import { AgreementDialog } from './AgreementDialog.tsx';
import { AuthHeader } from './AuthHeader.tsx';
import { authApi } from './authApi.ts';
import { regionOfLocale } from './callingCodes.ts';
import { SignedInGate } from './SignedInPanel.tsx';
import { signIn } from './sessionActions.ts';
import { type AuthField, checkRegister, REGISTER_FIELDS } from './validate.ts';
import './auth.css';

/** The form, or for someone already logged in who they are first (SignedInGate). */
export default function RegisterPage() {
  const { t } = useTranslation();
  return (
    <SignedInGate
      addLabel={t('auth.signedIn.createAccount')}
      form={(adding) => <RegisterForm adding={adding} />}
    />
  );
}

function RegisterForm({ adding }: { adding: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<AccountCodeValues>(() => ({
    type: 'email',
    account: '',
    code: '',
    region: regionOfLocale(navigator.language),
  }));
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [inviteCode, setInviteCode] = useState(() => params.get('code') ?? params.get('invite') ?? '');
  const [agree, setAgree] = useState(false);
  const [showAgreement, setShowAgreement] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useFieldErrors<AuthField>(REGISTER_FIELDS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const account = accountOf(values);
    const invite = inviteCode.trim();
    const problem = checkRegister({
      ...values,
      account,
      password,
      confirmPassword,
      inviteCode: invite,
      agree,
    });
    if (problem) {
      form.show(problem.field, t(problem.key));
      return;
    }
    const body: RegisterBody = {
      ...identityOf(values.type, account, values.code),
      password,
      confirmPassword,
      agree: true,
      ...(invite ? { inviteCode: invite } : {}),
    };
    setBusy(true);
    try {
      signIn(await authApi.register(body));
      toast(t('auth.register.done'));
      navigate(HOME_PATH, { replace: true, state: NEW_USER_STATE });
    } catch (error) {
      form.fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <AuthHeader heading={t('auth.register.heading')} subtitle={t('auth.register.subtitle')} />
      {adding && (
        <p className="auth-add-hint" data-testid="add-account-hint">
          {t('auth.signedIn.addHint', { name: adding })}
        </p>
      )}
      <form className="auth-form" onSubmit={submit} noValidate>
        <AccountCodeFields
          purpose="register"
          values={values}
          form={form}
          onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        />
        <NewPasswordFields
          label="auth.fields.password"
          password={password}
          confirmPassword={confirmPassword}
          errors={form.errors}
          onPassword={(value) => {
            setPassword(value);
            form.clear('password');
          }}
          onConfirmPassword={(value) => {
            setConfirmPassword(value);
            form.clear('confirmPassword');
          }}
        />
        <Field
          label={t('auth.fields.inviteCode')}
          name="inviteCode"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={16}
          placeholder={t('auth.placeholders.inviteCode')}
          value={inviteCode}
          error={form.errors.inviteCode}
          onChange={(e) => {
            setInviteCode(e.target.value);
            form.clear('inviteCode');
          }}
        />
        <div className="agree-row">
          <label className="agree-check">
            <input
              type="checkbox"
              name="agree"
              data-testid="agree"
              checked={agree}
              aria-invalid={form.errors.agree ? true : undefined}
              onChange={(e) => {
                setAgree(e.target.checked);
                form.clear('agree');
              }}
            />
            <span>{t('auth.register.agreePrefix')}</span>
          </label>{' '}
          <button
            type="button"
            className="link-btn"
            onClick={() => setShowAgreement(true)}
            data-testid="agreement-link"
          >
            {t('auth.register.agreementLink')}
          </button>
          {form.errors.agree && (
            <div className="agree-error">
              <FieldError name="agree" message={form.errors.agree} />
            </div>
          )}
        </div>
        <Button type="submit" block loading={busy} data-testid="submit">
          {t('auth.register.submit')}
        </Button>
      </form>
      <p className="auth-switch">
        {t('auth.register.hasAccount')} <Link to={LOGIN_PATH}>{t('auth.register.login')}</Link>
      </p>
      {showAgreement && <AgreementDialog onClose={() => setShowAgreement(false)} />}
    </div>
  );
}
