import { contract, emptyBody, noData } from '../contract.ts';
import { authEndpoints } from './endpoints.ts';
import {
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

export const authContract = contract(authEndpoints, {
  sendEmail: { body: sendEmailBody, response: sendCodeResult },
  sendSms: { body: sendSmsBody, response: sendCodeResult },
  register: { body: registerBody, response: session },
  loginState: { body: loginStateQuery, response: loginState },
  login: { body: loginBody, response: session },
  captcha: { response: captcha },
  resetPassword: { body: resetPasswordBody, response: noData },
  loginDemo: { body: demoLoginBody, response: demoSession },
  walletNonce: { body: walletNonceBody, response: walletNonce },
  walletLogin: { body: walletLoginBody, response: session },
  userInfo: { body: emptyBody, response: user },
  existTradePassword: { body: emptyBody, response: existTradePassword },
  logout: { body: emptyBody, response: noData },
  agreements: { body: emptyBody, response: agreements },
});
