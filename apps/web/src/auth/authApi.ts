import { authEndpoints as auth } from '@otc/protocol/auth/endpoints';
import type {
  CodePurpose,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  TotpLoginBody,
  WalletLoginBody,
  WalletNonceBody,
} from '@otc/protocol/auth/schemas';
import { call } from '../api/call.ts';
import { cache, STORAGE_KEYS } from '../api/storage.ts';
import { loginDemo } from './demoLogin.ts';
import type { AccountKind } from './validate.ts';

/**
 * The auth calls of seed §7, typed by the protocol. Calls made before a session exist skip the token.
 * The form calls do not toast: their page shows a failure under the field it concerns (issue #13).
 */
const quiet = { toast: false } as const;

/**
 * A guest who wrote to support on this device keeps the conversation once signed in (decision 0129).
 * The token read from the kernel's storage, not through the chat's module: its device code would then
 * load with the sign-in forms' calls on the first route.
 */
function withDevice<B extends object>(body: B): B {
  const deviceToken = cache.get<string>(STORAGE_KEYS.chatDevice);
  return deviceToken ? { ...body, deviceToken } : body;
}

export const authApi = {
  login: (body: LoginBody) => call(auth.login, withDevice(body), quiet),
  /** The second step of a two-factor sign-in (decision 0156). */
  loginTotp: (body: TotpLoginBody) => call(auth.loginTotp, body, quiet),
  loginState: (account: string) => call(auth.loginState, { account }, quiet),
  captcha: () => call(auth.captcha),
  loginDemo,
  sendCode: (type: AccountKind, account: string, purpose: CodePurpose) =>
    type === 'email'
      ? call(auth.sendEmail, { email: account, purpose }, quiet)
      : call(auth.sendSms, { phone: account, purpose }, quiet),
  register: (body: RegisterBody) => call(auth.register, withDevice(body), quiet),
  resetPassword: (body: ResetPasswordBody) => call(auth.resetPassword, body, quiet),
  agreements: () => call(auth.agreements),
  userInfo: () => call(auth.userInfo, undefined, quiet),
  /** The user of another token: a remembered account's, checked before switching to it. */
  userInfoOf: (token: string) => call(auth.userInfo, undefined, { ...quiet, asToken: token }),
  logout: () => call(auth.logout, undefined, quiet),
  // Seed §8: a refused wallet login shows the server's message (the client's toast).
  walletNonce: (body: WalletNonceBody) => call(auth.walletNonce, body),
  walletLogin: (body: WalletLoginBody) => call(auth.walletLogin, withDevice(body)),
};
