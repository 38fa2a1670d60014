import { authEndpoints as auth } from '@otc/protocol/auth/endpoints';
import type { CodePurpose, LoginBody, RegisterBody, ResetPasswordBody } from '@otc/protocol/auth/schemas';
import { call } from '../api/call.ts';
import { loginDemo } from './demoLogin.ts';
import type { AccountKind } from './validate.ts';

/** The auth calls of seed §7, typed by the protocol. Calls made before a session exist skip the token. */
export const authApi = {
  login: (body: LoginBody) => call(auth.login, body),
  loginState: (account: string) => call(auth.loginState, { account }, { toast: false }),
  captcha: () => call(auth.captcha),
  loginDemo,
  sendCode: (type: AccountKind, account: string, purpose: CodePurpose) =>
    type === 'email'
      ? call(auth.sendEmail, { email: account, purpose })
      : call(auth.sendSms, { phone: account, purpose }),
  register: (body: RegisterBody) => call(auth.register, body),
  resetPassword: (body: ResetPasswordBody) => call(auth.resetPassword, body),
  agreements: () => call(auth.agreements),
  userInfo: () => call(auth.userInfo, undefined, { toast: false }),
  logout: () => call(auth.logout, undefined, { toast: false }),
};
