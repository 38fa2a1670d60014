import { endpoints, routesOn } from '../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** Registration, login (password, demo, wallet), codes, captcha and the signed-in user. */
export const authEndpoints = endpoints('auth', {
  sendEmail: post('/api/auth/sendemail', {
    body: 'sendEmailBody',
    response: 'sendCodeResult',
    auth: 'public',
    summary: 'Send an email verification code',
  }),
  sendSms: post('/api/auth/sendsms', {
    body: 'sendSmsBody',
    response: 'sendCodeResult',
    auth: 'public',
    summary: 'Send an SMS verification code',
  }),
  register: post('/api/auth/register', {
    body: 'registerBody',
    response: 'session',
    auth: 'public',
    summary: 'Register by email or mobile',
  }),
  loginState: get('/api/auth/login', {
    body: 'loginStateQuery',
    response: 'loginState',
    auth: 'public',
    summary: 'Whether the next login of an account needs the captcha',
  }),
  login: post('/api/auth/login', {
    body: 'loginBody',
    response: 'loginResult',
    auth: 'public',
    summary:
      'Log in with account and password: a session, or (two-factor on) a challenge for /api/auth/login/totp',
  }),
  loginTotp: post('/api/auth/login/totp', {
    body: 'totpLoginBody',
    response: 'session',
    auth: 'public',
    summary:
      'Finish a two-factor sign-in: the challenge and a current authenticator code or an unused recovery code',
  }),
  passkeyLoginOptions: post('/api/auth/passkey/options', {
    body: 'emptyBody',
    response: 'passkeyOptions',
    auth: 'public',
    summary:
      'Options for navigator.credentials.get: a one-use challenge (5 minutes) for a discoverable passkey, no account typed',
  }),
  passkeyLogin: post('/api/auth/passkey/login', {
    body: 'passkeyLoginBody',
    response: 'session',
    auth: 'public',
    summary:
      'Sign in with a passkey: the signed challenge gives a session; user verification is required, so no authenticator code is asked',
  }),
  captcha: get('/api/auth/captcha', {
    response: 'captcha',
    auth: 'public',
    summary: 'A new captcha: an ALTCHA proof-of-work challenge (one use, 2 minutes)',
  }),
  resetPassword: post('/api/auth/resetpassword', {
    body: 'resetPasswordBody',
    response: 'noData',
    auth: 'public',
    summary: 'Reset the password with a verification code',
  }),
  loginDemo: post('/api/auth/loginvirtual', {
    body: 'demoLoginBody',
    response: 'demoSession',
    auth: 'public',
    summary:
      "Log in to a demo user: a signed-in real user's own (made on first use), the one of the device's demo key, or a new one",
  }),
  walletNonce: post('/api/auth/walletnonce', {
    body: 'walletNonceBody',
    response: 'walletNonce',
    auth: 'public',
    summary: 'A single-use Sign-In with Ethereum nonce',
  }),
  walletLogin: post('/api/auth/walletlogin', {
    body: 'walletLoginBody',
    response: 'loginResult',
    auth: 'public',
    summary: 'Sign in with Ethereum (EIP-4361): a session, or (two-factor on) a challenge as the login gives',
  }),
  userInfo: post('/api/auth/userinfo', {
    body: 'emptyBody',
    response: 'user',
    auth: 'user',
    summary: 'The signed-in user',
  }),
  existTradePassword: post('/api/auth/existtradepassword', {
    body: 'emptyBody',
    response: 'existTradePassword',
    auth: 'user',
    summary:
      'Whether the user has a transaction password, and which: the login password it follows, or one of its own',
  }),
  logout: post('/api/auth/logout', {
    body: 'emptyBody',
    response: 'noData',
    auth: 'user',
    summary: 'Revoke this session token',
  }),
  agreements: post('/api/auth/agreetment', {
    body: 'emptyBody',
    response: 'agreements',
    auth: 'public',
    summary: 'The agreement texts in the request language',
  }),
});
