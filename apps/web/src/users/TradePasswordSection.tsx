import { isStrongPassword } from '@otc/protocol/auth/rules';
import type { ExistTradePassword } from '@otc/protocol/auth/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshUser } from '../auth/index.ts';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { NewPasswordFields } from '../ui/NewPasswordFields.tsx';
import { PasswordField } from '../ui/PasswordField.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { toast } from '../ui/toast.ts';
import { useFieldErrors } from '../ui/useFieldErrors.ts';
import { securityApi, securityKeys } from './securityApi.ts';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;
type TradeField = (typeof FIELDS)[number];

/** Which transaction password is in force, and the form that sets one of the user's own. */
export function TradePasswordSection() {
  const { t } = useTranslation();
  const state = useQuery({ queryKey: securityKeys.tradePassword, queryFn: securityApi.tradePassword });
  const [open, setOpen] = useState(false);
  if (!state.data)
    return (
      <section className="card">
        <QueryState pending={state.isPending} error={state.error} onRetry={() => void state.refetch()} />
      </section>
    );
  const { mode } = state.data;
  return (
    <div className="menu">
      <div className="menu-row">
        <span className="menu-row-icon">
          <Icon name="lock" size={20} />
        </span>
        <span className="menu-row-main">
          <span>{t('settings.security.tradePassword')}</span>
          <span className="menu-row-sub" data-testid="trade-password-mode">
            {t(`settings.security.tradeMode.${mode}`)}
          </span>
        </span>
        {!open && (
          <Button variant="text" onClick={() => setOpen(true)} data-testid="trade-password-edit">
            {mode === 'none' ? t('settings.security.set') : t('settings.security.change')}
          </Button>
        )}
      </div>
      {open && (
        <TradePasswordForm mode={mode} onDone={() => setOpen(false)} onCancel={() => setOpen(false)} />
      )}
    </div>
  );
}

function TradePasswordForm({
  mode,
  onDone,
  onCancel,
}: {
  mode: ExistTradePassword['mode'];
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [values, setValues] = useState<Record<TradeField, string>>({
    currentPassword: '',
    password: '',
    confirmPassword: '',
  });
  const [busy, setBusy] = useState(false);
  const form = useFieldErrors<TradeField>(FIELDS);
  const set = (field: TradeField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clear(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mode !== 'none' && !values.currentPassword)
      return form.show('currentPassword', t('settings.security.enterCurrent'));
    if (!isStrongPassword(values.password)) return form.show('password', t('auth.hints.password'));
    if (values.password !== values.confirmPassword)
      return form.show('confirmPassword', t('settings.changePassword.mismatch'));
    setBusy(true);
    try {
      await securityApi.setTradePassword({
        ...(mode === 'none' ? {} : { currentPassword: values.currentPassword }),
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      toast(t('settings.security.tradeSaved'));
      await client.invalidateQueries({ queryKey: securityKeys.tradePassword });
      await refreshUser();
      onDone();
    } catch (error) {
      form.fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="settings-inline-form" onSubmit={submit} noValidate data-testid="trade-password-form">
      {mode !== 'none' && (
        <PasswordField
          label={mode === 'login' ? t('settings.security.currentLogin') : t('settings.security.currentTrade')}
          name="currentPassword"
          autoComplete="current-password"
          value={values.currentPassword}
          error={form.errors.currentPassword}
          onChange={(e) => set('currentPassword', e.target.value)}
        />
      )}
      <NewPasswordFields
        label="settings.security.newTrade"
        password={values.password}
        confirmPassword={values.confirmPassword}
        errors={form.errors}
        onPassword={(v) => set('password', v)}
        onConfirmPassword={(v) => set('confirmPassword', v)}
      />
      <p className="settings-note">{t('settings.security.tradeNote')}</p>
      <div className="settings-actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={busy} data-testid="trade-password-save">
          {t('settings.security.save')}
        </Button>
      </div>
    </form>
  );
}
