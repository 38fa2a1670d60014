import type { emptyBody, noData } from '../contract.ts';
import { endpoints, get, post } from '../endpoint.ts';
import type {
  agreements,
  captcha,
  demoLoginBody,
  demoSession,
  existTradePassword,
  loginBody,
  loginState,
  loginStateQuery,
  registerBody,
  resetPasswordBody,
  sendCodeResult,
  sendEmailBody,
  sendSmsBody,
  session,
  user,
  walletLoginBody,
  walletNonce,
  walletNonceBody,
} from './schemas.ts';

/** Registration, login (password, demo, wallet), codes, captcha and the signed-in user. */
export const authEndpoints = endpoints('auth', {
  sendEmail: post<typeof sendEmailBody, typeof sendCodeResult>('/api/auth/sendemail', {
    auth: 'public',
    summary: 'Send an email verification code',
  }),
  sendSms: post<typeof sendSmsBody, typeof sendCodeResult>('/api/auth/sendsms', {
    auth: 'public',
    summary: 'Send an SMS verification code',
  }),
  register: post<typeof registerBody, typeof session>('/api/auth/register', {
    auth: 'public',
    summary: 'Register by email or mobile',
  }),
  loginState: get<typeof loginStateQuery, typeof loginState>('/api/auth/login', {
    auth: 'public',
    summary: 'Whether the next login of an account needs the captcha',
  }),
  login: post<typeof loginBody, typeof session>('/api/auth/login', {
    auth: 'public',
    summary: 'Log in with account and password',
  }),
  captcha: get<undefined, typeof captcha>('/api/auth/captcha', {
    auth: 'public',
    summary: 'A new captcha: an ALTCHA proof-of-work challenge (one use, 2 minutes)',
  }),
  resetPassword: post<typeof resetPasswordBody, typeof noData>('/api/auth/resetpassword', {
    auth: 'public',
    summary: 'Reset the password with a verification code',
  }),
  loginDemo: post<typeof demoLoginBody, typeof demoSession>('/api/auth/loginvirtual', {
    auth: 'public',
    summary:
      "Log in to a demo user: a signed-in real user's own (made on first use), the one of the device's demo key, or a new one",
  }),
  walletNonce: post<typeof walletNonceBody, typeof walletNonce>('/api/auth/walletnonce', {
    auth: 'public',
    summary: 'A single-use Sign-In with Ethereum nonce',
  }),
  walletLogin: post<typeof walletLoginBody, typeof session>('/api/auth/walletlogin', {
    auth: 'public',
    summary: 'Sign in with Ethereum (EIP-4361)',
  }),
  userInfo: post<typeof emptyBody, typeof user>('/api/auth/userinfo', {
    auth: 'user',
    summary: 'The signed-in user',
  }),
  existTradePassword: post<typeof emptyBody, typeof existTradePassword>('/api/auth/existtradepassword', {
    auth: 'user',
    summary:
      'Whether the user has a transaction password, and which: the login password it follows, or one of its own',
  }),
  logout: post<typeof emptyBody, typeof noData>('/api/auth/logout', {
    auth: 'user',
    summary: 'Revoke this session token',
  }),
  agreements: post<typeof emptyBody, typeof agreements>('/api/auth/agreetment', {
    auth: 'public',
    summary: 'The agreement texts in the request language',
  }),
});
