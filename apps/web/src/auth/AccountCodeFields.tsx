import type { CodePurpose } from '@otc/protocol/auth/schemas';
import { useTranslation } from 'react-i18next';
import { Field } from '../ui/Field.tsx';
import { toast } from '../ui/toast.ts';
import type { FieldErrorsApi } from '../ui/useFieldErrors.ts';
import { AccountTypeTabs } from './AccountTypeTabs.tsx';
import { authApi } from './authApi.ts';
import { CallingCodePicker } from './CallingCodePicker.tsx';
import { internationalNumber } from './callingCodes.ts';
import { normalizeFor } from './rules.ts';
import { SendCodeButton } from './SendCodeButton.tsx';
import { type AccountKind, type AuthField, checkAccount } from './validate.ts';

export interface AccountCodeValues {
  type: AccountKind;
  /** As typed: an email, or a mobile number without its calling code. */
  account: string;
  code: string;
  /** The region whose calling code goes in front of a mobile number. */
  region: string;
}

/** The account as the server takes it: a trimmed email, or the mobile number in international form. */
export function accountOf(values: AccountCodeValues): string {
  return values.type === 'email'
    ? normalizeFor('email', values.account)
    : internationalNumber(values.region, values.account);
}

/** The account part of a registration or reset body, in the protocol's either-or shape. */
export function identityOf(type: AccountKind, account: string, code: string) {
  return type === 'email'
    ? { type: 'email' as const, account, code }
    : { type: 'mobile' as const, account, code };
}

/** Email or mobile tabs, the account, and the verification code with its Send button. */
export function AccountCodeFields({
  purpose,
  values,
  form,
  onChange,
}: {
  purpose: CodePurpose;
  values: AccountCodeValues;
  /** The page's field errors: a problem with the account or code shows under it until it changes. */
  form: FieldErrorsApi<AuthField>;
  onChange: (patch: Partial<AccountCodeValues>) => void;
}) {
  const { t } = useTranslation();
  const isEmail = values.type === 'email';
  const { errors } = form;

  const change = (patch: Partial<AccountCodeValues>) => {
    onChange(patch);
    if ('account' in patch || 'region' in patch || 'type' in patch) form.clear('account');
    if ('code' in patch || 'type' in patch) form.clear('code');
  };

  const send = async (): Promise<number | null> => {
    const problem = checkAccount(values.type, accountOf(values));
    if (problem) {
      form.show(problem.field, t(problem.key));
      return null;
    }
    try {
      const result = await authApi.sendCode(values.type, accountOf(values), purpose);
      toast(t('auth.code.sent'));
      return result.resendAfterSeconds;
    } catch (error) {
      form.fail(error);
      return null;
    }
  };

  return (
    <>
      <AccountTypeTabs value={values.type} onChange={(type) => change({ type, account: '', code: '' })} />
      <Field
        label={isEmail ? t('auth.fields.email') : t('auth.fields.phone')}
        name="account"
        type={isEmail ? 'email' : 'tel'}
        inputMode={isEmail ? 'email' : 'tel'}
        autoComplete={isEmail ? 'email' : 'tel-national'}
        placeholder={isEmail ? t('auth.placeholders.email') : ''}
        value={values.account}
        error={errors.account}
        lead={
          isEmail ? undefined : (
            <CallingCodePicker region={values.region} onChange={(region) => change({ region })} />
          )
        }
        onChange={(e) => change({ account: e.target.value })}
      />
      <Field
        label={t('auth.fields.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('auth.placeholders.code')}
        value={values.code}
        error={errors.code}
        onChange={(e) => change({ code: e.target.value.replace(/\D/g, '') })}
        addon={<SendCodeButton key={values.type} onSend={send} />}
      />
    </>
  );
}
