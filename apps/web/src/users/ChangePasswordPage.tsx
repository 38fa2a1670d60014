import { isStrongPassword } from '@otc/protocol/auth/rules';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../api/useSession.ts';
import { SECURITY_PATH } from '../app/paths.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { NewPasswordFields } from '../ui/NewPasswordFields.tsx';
import { PasswordField } from '../ui/PasswordField.tsx';
import { toast } from '../ui/toast.ts';
import { useFieldErrors } from '../ui/useFieldErrors.ts';
import { securityApi, securityKeys } from './securityApi.ts';
import './settings.css';

const FIELDS = ['oldPassword', 'password', 'confirmPassword', 'totpCode'] as const;
type PasswordFormField = (typeof FIELDS)[number];

/**
 * `/pages/assets/xiugaimima`: change the login password (the old one, then the new one by the
 * registration rules, twice). The server ends every other session; this one stays. A demo session
 * has no password to give: it is told so instead of being asked for one (issue 24).
 */
export default function ChangePasswordPage() {
  const { user } = useSession();
  return user?.kind === 'demo' ? <DemoNoPassword /> : <ChangePasswordForm />;
}

function DemoNoPassword() {
  const { t } = useTranslation();
  return (
    <div className="page-pad">
      <p className="card settings-demo-note" data-testid="demo-no-password">
        {t('settings.security.demoPassword')}
      </p>
    </div>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<PasswordFormField, string>>({
    oldPassword: '',
    password: '',
    confirmPassword: '',
    totpCode: '',
  });
  // Two-factor on: the authenticator's code is asked again (decision 0156).
  const totp = useQuery({ queryKey: securityKeys.totp, queryFn: securityApi.totpState });
  const [busy, setBusy] = useState(false);
  const form = useFieldErrors<PasswordFormField>(FIELDS);

  const set = (field: PasswordFormField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clear(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.oldPassword) return form.show('oldPassword', t('settings.changePassword.enterOld'));
    if (!isStrongPassword(values.password)) return form.show('password', t('auth.hints.password'));
    if (values.password !== values.confirmPassword)
      return form.show('confirmPassword', t('settings.changePassword.mismatch'));
    setBusy(true);
    try {
      const { totpCode, ...passwords } = values;
      await securityApi.changePassword(totpCode.trim() ? { ...passwords, totpCode } : passwords);
      toast(t('settings.changePassword.done'));
      navigate(SECURITY_PATH, { replace: true });
    } catch (error) {
      form.fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="page-pad settings-form" onSubmit={submit} noValidate>
      <PasswordField
        label={t('settings.changePassword.old')}
        name="oldPassword"
        autoComplete="current-password"
        value={values.oldPassword}
        error={form.errors.oldPassword}
        onChange={(e) => set('oldPassword', e.target.value)}
      />
      <NewPasswordFields
        label="auth.fields.newPassword"
        password={values.password}
        confirmPassword={values.confirmPassword}
        errors={form.errors}
        onPassword={(v) => set('password', v)}
        onConfirmPassword={(v) => set('confirmPassword', v)}
      />
      {totp.data?.enabled && (
        <Field
          label={t('settings.security.totp.code')}
          name="totpCode"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={values.totpCode}
          error={form.errors.totpCode}
          onChange={(e) => set('totpCode', e.target.value)}
        />
      )}
      <p className="settings-note">{t('settings.changePassword.note')}</p>
      <Button type="submit" block loading={busy} data-testid="submit">
        {t('settings.changePassword.submit')}
      </Button>
    </form>
  );
}
