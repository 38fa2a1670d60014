import type { ResetPasswordBody } from '@otc/protocol/auth/schemas';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PATH } from '../app/paths.ts';
import { Button } from '../ui/Button.tsx';
import { toast } from '../ui/toast.ts';
import { AccountCodeFields, type AccountCodeValues } from './AccountCodeFields.tsx';
import { AuthHeader } from './AuthHeader.tsx';
import { authApi } from './authApi.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { normalizeFor } from './rules.ts';
import { checkCodeForm } from './validate.ts';
import './auth.css';

export default function ForgetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<AccountCodeValues>({ type: 'email', account: '', code: '' });
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const loginPath = params.size > 0 ? `${LOGIN_PATH}?${params.toString()}` : LOGIN_PATH;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const account = normalizeFor(values.type, values.account);
    const problem = checkCodeForm({ ...values, account, password, confirmPassword });
    if (problem) {
      toast(t(problem));
      return;
    }
    const identity =
      values.type === 'email'
        ? { type: 'email' as const, account, code: values.code }
        : { type: 'mobile' as const, account, code: values.code };
    const body: ResetPasswordBody = { ...identity, password, confirmPassword };
    setBusy(true);
    try {
      await authApi.resetPassword(body);
      toast(t('common.operationSuccessful'));
      navigate(loginPath, { replace: true });
    } catch {
      // The client toasted the server's message.
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
          onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        />
        <NewPasswordFields
          label="auth.fields.newPassword"
          password={password}
          confirmPassword={confirmPassword}
          onPassword={setPassword}
          onConfirmPassword={setConfirmPassword}
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
