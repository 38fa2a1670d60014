import type { TotpSetup } from '@otc/protocol/users/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { Icon } from '../ui/Icon.tsx';
import { QrCode } from '../ui/QrCode.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { toast } from '../ui/toast.ts';
import { useCodeEntry } from '../ui/useCodeEntry.ts';
import { securityApi, securityKeys } from './securityApi.ts';

/**
 * Two-factor sign-in (decision 0156): off, the set-up (QR code and key, confirmed by a code), the
 * recovery codes shown once, and turning it off with a code or a recovery code.
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const state = useQuery({ queryKey: securityKeys.totp, queryFn: securityApi.totpState });
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  if (!state.data)
    return (
      <section className="card">
        <QueryState pending={state.isPending} error={state.error} onRetry={() => void state.refetch()} />
      </section>
    );
  const { enabled, recoveryCodesLeft } = state.data;
  const refresh = () => void client.invalidateQueries({ queryKey: securityKeys.totp });

  const start = async () => {
    setBusy(true);
    try {
      setSetup(await securityApi.totpSetup());
    } catch {
      // The client toasted the reason.
    } finally {
      setBusy(false);
    }
  };

  const idle = !setup && !disabling && !recoveryCodes;
  return (
    <div className="menu" data-testid="totp-section">
      <div className="menu-row">
        <span className="menu-row-icon">
          <Icon name="shield" size={20} />
        </span>
        <span className="menu-row-main">
          <span>{t('settings.security.totp.title')}</span>
          <span className="menu-row-sub" data-testid="totp-status">
            {enabled
              ? t('settings.security.totp.on', { left: recoveryCodesLeft })
              : t('settings.security.totp.off')}
          </span>
        </span>
        {idle && !enabled && (
          <Button variant="text" loading={busy} onClick={() => void start()} data-testid="totp-enable">
            {t('settings.security.totp.enable')}
          </Button>
        )}
        {idle && enabled && (
          <Button variant="text" onClick={() => setDisabling(true)} data-testid="totp-disable">
            {t('settings.security.totp.disable')}
          </Button>
        )}
      </div>
      {setup && (
        <CodeForm
          intro={
            <>
              <p className="settings-note">{t('settings.security.totp.scan')}</p>
              <QrCode text={setup.uri} label={t('settings.security.totp.qr')} testId="totp-qr" />
              <p className="settings-note">
                {t('settings.security.totp.key')}: <code data-testid="totp-secret">{setup.secret}</code>
              </p>
            </>
          }
          submit={async (code) => {
            const { recoveryCodes: codes } = await securityApi.totpEnable(code);
            setSetup(null);
            setRecoveryCodes(codes);
            toast(t('settings.security.totp.enabled'));
            refresh();
          }}
          onCancel={() => setSetup(null)}
        />
      )}
      {recoveryCodes && (
        <div className="settings-inline-form" data-testid="totp-recovery">
          <strong>{t('settings.security.totp.recoveryTitle')}</strong>
          <p className="settings-note">{t('settings.security.totp.recoveryHint')}</p>
          <ol className="totp-recovery-codes" data-testid="totp-recovery-codes">
            {recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
          <Button block onClick={() => setRecoveryCodes(null)} data-testid="totp-recovery-saved">
            {t('settings.security.totp.saved')}
          </Button>
        </div>
      )}
      {disabling && (
        <CodeForm
          intro={<p className="settings-note">{t('settings.security.totp.disableHint')}</p>}
          submit={async (code) => {
            await securityApi.totpDisable(code);
            setDisabling(false);
            toast(t('settings.security.totp.disabled'));
            refresh();
          }}
          onCancel={() => setDisabling(false)}
        />
      )}
    </div>
  );
}

function CodeForm({
  intro,
  submit,
  onCancel,
}: {
  intro: ReactNode;
  submit: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const entry = useCodeEntry(submit);
  return (
    <form className="settings-inline-form" onSubmit={entry.send} noValidate data-testid="totp-form">
      {intro}
      <Field
        label={t('settings.security.totp.code')}
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        value={entry.code}
        error={entry.error}
        onChange={(e) => entry.change(e.target.value)}
        data-testid="totp-form-code"
      />
      <div className="settings-actions">
        <Button variant="secondary" disabled={entry.busy} onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={entry.busy} data-testid="totp-form-submit">
          {t('settings.security.totp.confirm')}
        </Button>
      </div>
    </form>
  );
}
