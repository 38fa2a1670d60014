import type { ResetPasswordBody } from '@otc/protocol/auth/schemas';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PATH } from '../app/paths.ts';
import { Button } from '../ui/Button.tsx';
import { NewPasswordFields } from '../ui/NewPasswordFields.tsx';
import { toast } from '../ui/toast.ts';
import { useFieldErrors } from '../ui/useFieldErrors.ts';
import { AccountCodeFields, type AccountCodeValues, accountOf, identityOf } from './AccountCodeFields.tsx';
import { AuthHeader } from './AuthHeader.tsx';
import { authApi } from './authApi.ts';
import { regionOfLocale } from './callingCodes.ts';
import { type AuthField, CODE_FORM_FIELDS, checkCodeForm } from './validate.ts';
import './auth.css';

export default function ForgetPage() {
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
  const [busy, setBusy] = useState(false);
  const form = useFieldErrors<AuthField>(CODE_FORM_FIELDS);
  const loginPath = params.size > 0 ? `${LOGIN_PATH}?${params.toString()}` : LOGIN_PATH;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const account = accountOf(values);
    const problem = checkCodeForm({ ...values, account, password, confirmPassword });
    if (problem) {
      form.show(problem.field, t(problem.key));
      return;
    }
    const body: ResetPasswordBody = {
      ...identityOf(values.type, account, values.code),
      password,
      confirmPassword,
    };
    setBusy(true);
    try {
      await authApi.resetPassword(body);
      toast(t('auth.forget.done'));
      navigate(loginPath, { replace: true });
    } catch (error) {
      form.fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <AuthHeader heading={t('auth.forget.heading')} subtitle={t('auth.forget.subtitle')} />
      <form className="auth-form" onSubmit={submit} noValidate>
        <AccountCodeFields
          purpose="reset"
          values={values}
          form={form}
          onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        />
        <NewPasswordFields
          label="auth.fields.newPassword"
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
        <Button type="submit" block loading={busy} data-testid="submit">
          {t('auth.forget.submit')}
        </Button>
      </form>
      <p className="auth-switch">
        <Link to={loginPath}>{t('auth.forget.backToLogin')}</Link>
      </p>
    </div>
  );
}
