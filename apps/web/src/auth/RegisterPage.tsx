import type { RegisterBody } from '@otc/protocol/auth/schemas';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { HOME_PATH, LOGIN_PATH } from '../app/paths.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { toast } from '../ui/toast.ts';
import { AccountCodeFields, type AccountCodeValues } from './AccountCodeFields.tsx';
import { AgreementDialog } from './AgreementDialog.tsx';
import { AuthHeader } from './AuthHeader.tsx';
import { authApi } from './authApi.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { normalizeFor } from './rules.ts';
import { signIn } from './sessionActions.ts';
import { checkRegister } from './validate.ts';
import './auth.css';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<AccountCodeValues>({ type: 'email', account: '', code: '' });
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [inviteCode, setInviteCode] = useState(() => params.get('code') ?? params.get('invite') ?? '');
  const [agree, setAgree] = useState(false);
  const [showAgreement, setShowAgreement] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const account = normalizeFor(values.type, values.account);
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
      toast(t(problem));
      return;
    }
    const identity =
      values.type === 'email'
        ? { type: 'email' as const, account, code: values.code }
        : { type: 'mobile' as const, account, code: values.code };
    const body: RegisterBody = {
      ...identity,
      password,
      confirmPassword,
      agree: true,
      ...(invite ? { inviteCode: invite } : {}),
    };
    setBusy(true);
    try {
      signIn(await authApi.register(body));
      toast(t('common.operationSuccessful'));
      navigate(HOME_PATH, { replace: true });
    } catch {
      // The client toasted the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <AuthHeader heading={t('auth.register.heading')} subtitle={t('auth.register.subtitle')} />
      <form className="auth-form" onSubmit={submit} noValidate>
        <AccountCodeFields
          purpose="register"
          values={values}
          onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        />
        <NewPasswordFields
          label="auth.fields.password"
          password={password}
          confirmPassword={confirmPassword}
          onPassword={setPassword}
          onConfirmPassword={setConfirmPassword}
        />
        <Field
          label={t('auth.fields.inviteCode')}
          name="inviteCode"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={16}
          placeholder={t('auth.placeholders.inviteCode')}
          value={inviteCode}
          onChange={(e) => setInviteCode(e.target.value)}
        />
        <div className="agree-row">
          <label className="agree-check">
            <input
              type="checkbox"
              name="agree"
              data-testid="agree"
              checked={agree}
              onChange={(e) => setAgree(e.target.checked)}
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
