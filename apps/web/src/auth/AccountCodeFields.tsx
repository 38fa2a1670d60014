import type { CodePurpose } from '@otc/protocol/auth/schemas';
import { useTranslation } from 'react-i18next';
import { Field } from '../ui/Field.tsx';
import { toast } from '../ui/toast.ts';
import { AccountTypeTabs } from './AccountTypeTabs.tsx';
import { authApi } from './authApi.ts';
import { normalizeFor } from './rules.ts';
import { SendCodeButton } from './SendCodeButton.tsx';
import { type AccountKind, checkAccount } from './validate.ts';

export interface AccountCodeValues {
  type: AccountKind;
  account: string;
  code: string;
}

/** Email or mobile tabs, the account, and the verification code with its Send button. */
export function AccountCodeFields({
  purpose,
  values,
  onChange,
}: {
  purpose: CodePurpose;
  values: AccountCodeValues;
  onChange: (patch: Partial<AccountCodeValues>) => void;
}) {
  const { t } = useTranslation();
  const isEmail = values.type === 'email';

  const send = async (): Promise<number | null> => {
    const account = normalizeFor(values.type, values.account);
    const problem = checkAccount(values.type, account);
    if (problem) {
      toast(t(problem));
      return null;
    }
    try {
      const result = await authApi.sendCode(values.type, account, purpose);
      toast(t('auth.code.sent'));
      return result.resendAfterSeconds;
    } catch {
      return null;
    }
  };

  return (
    <>
      <AccountTypeTabs value={values.type} onChange={(type) => onChange({ type, account: '', code: '' })} />
      <Field
        label={isEmail ? t('auth.fields.email') : t('auth.fields.phone')}
        name="account"
        type={isEmail ? 'email' : 'tel'}
        inputMode={isEmail ? 'email' : 'tel'}
        autoComplete={isEmail ? 'email' : 'tel'}
        placeholder={isEmail ? t('auth.placeholders.email') : t('auth.placeholders.phone')}
        value={values.account}
        onChange={(e) => onChange({ account: e.target.value })}
      />
      <Field
        label={t('auth.fields.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('auth.placeholders.code')}
        value={values.code}
        onChange={(e) => onChange({ code: e.target.value.replace(/\D/g, '') })}
        addon={<SendCodeButton key={values.type} onSend={send} />}
      />
    </>
  );
}
