import type { TKey } from '../i18n/keys.ts';
import { isEmail, isInviteCode, isPhone, isStrongPassword, isVerificationCode } from './rules.ts';

export type AccountKind = 'email' | 'mobile';

/** The entries of the sign-up, reset and login forms, by their input names. */
export type AuthField =
  | 'account'
  | 'code'
  | 'password'
  | 'confirmPassword'
  | 'inviteCode'
  | 'agree'
  | 'captcha';

export const CODE_FORM_FIELDS: readonly AuthField[] = ['account', 'code', 'password', 'confirmPassword'];
export const REGISTER_FIELDS: readonly AuthField[] = [...CODE_FORM_FIELDS, 'inviteCode', 'agree'];
export const LOGIN_FIELDS: readonly AuthField[] = ['account', 'password', 'captcha'];

/** The first problem of a form: the entry it concerns and the translation key of its message. */
export interface Problem {
  field: AuthField;
  key: TKey;
}

export interface CodeFormValues {
  type: AccountKind;
  account: string;
  code: string;
  password: string;
  confirmPassword: string;
}

export interface RegisterValues extends CodeFormValues {
  inviteCode: string;
  agree: boolean;
}

const problem = (field: AuthField, key: TKey): Problem => ({ field, key });

/** Each check returns the first problem in form order, or null. */
export function checkAccount(type: AccountKind, account: string): Problem | null {
  if (type === 'email') {
    if (!account) return problem('account', 'auth.errors.enterEmail');
    return isEmail(account) ? null : problem('account', 'auth.errors.invalidEmail');
  }
  if (!account) return problem('account', 'auth.errors.enterPhone');
  return isPhone(account) ? null : problem('account', 'auth.errors.invalidPhone');
}

export function checkCodeForm(values: CodeFormValues): Problem | null {
  const accountProblem = checkAccount(values.type, values.account);
  if (accountProblem) return accountProblem;
  if (!values.code) return problem('code', 'auth.errors.enterCode');
  if (!isVerificationCode(values.code)) return problem('code', 'auth.errors.invalidCode');
  if (!values.password) return problem('password', 'auth.errors.enterPassword');
  if (!isStrongPassword(values.password)) return problem('password', 'auth.errors.weakPassword');
  if (!values.confirmPassword) return problem('confirmPassword', 'auth.errors.confirmPassword');
  if (values.password !== values.confirmPassword) return problem('confirmPassword', 'auth.errors.mismatch');
  return null;
}

export function checkRegister(values: RegisterValues): Problem | null {
  const found = checkCodeForm(values);
  if (found) return found;
  if (values.inviteCode && !isInviteCode(values.inviteCode))
    return problem('inviteCode', 'auth.errors.invalidInviteCode');
  if (!values.agree) return problem('agree', 'auth.errors.agreement');
  return null;
}

/** The security check, when shown, is no entry: the browser solves it, and the login waits for it. */
export function checkLogin(values: { account: string; password: string }): Problem | null {
  if (!values.account) return problem('account', 'auth.errors.enterAccount');
  if (!values.password) return problem('password', 'auth.errors.enterPassword');
  return null;
}
