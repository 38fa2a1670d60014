import type { TKey } from '../i18n/keys.ts';
import { isEmail, isInviteCode, isPhone, isStrongPassword, isVerificationCode } from './rules.ts';

export type AccountKind = 'email' | 'mobile';

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

/** Each check returns the translation key of the first problem, or null. */
export function checkAccount(type: AccountKind, account: string): TKey | null {
  if (type === 'email') {
    if (!account) return 'auth.errors.enterEmail';
    return isEmail(account) ? null : 'auth.errors.invalidEmail';
  }
  if (!account) return 'auth.errors.enterPhone';
  return isPhone(account) ? null : 'auth.errors.invalidPhone';
}

export function checkCodeForm(values: CodeFormValues): TKey | null {
  const accountProblem = checkAccount(values.type, values.account);
  if (accountProblem) return accountProblem;
  if (!values.code) return 'auth.errors.enterCode';
  if (!isVerificationCode(values.code)) return 'auth.errors.invalidCode';
  if (!values.password) return 'auth.errors.enterPassword';
  if (!isStrongPassword(values.password)) return 'auth.errors.weakPassword';
  if (!values.confirmPassword) return 'auth.errors.confirmPassword';
  if (values.password !== values.confirmPassword) return 'auth.errors.mismatch';
  return null;
}

export function checkRegister(values: RegisterValues): TKey | null {
  const problem = checkCodeForm(values);
  if (problem) return problem;
  if (values.inviteCode && !isInviteCode(values.inviteCode)) return 'auth.errors.invalidInviteCode';
  if (!values.agree) return 'auth.errors.agreement';
  return null;
}

export function checkLogin(values: {
  account: string;
  password: string;
  captchaShown: boolean;
  captcha: string;
}): TKey | null {
  if (!values.account) return 'auth.errors.enterAccount';
  if (!values.password) return 'auth.errors.enterPassword';
  if (values.captchaShown && !values.captcha.trim()) return 'auth.errors.enterCaptcha';
  return null;
}
