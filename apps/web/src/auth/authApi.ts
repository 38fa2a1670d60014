import type {
  Agreement,
  Captcha,
  CodePurpose,
  LoginBody,
  LoginState,
  RegisterBody,
  ResetPasswordBody,
  SendCodeResult,
  Session,
  User,
} from '@otc/protocol/auth/schemas';
import { api } from '../api/client.ts';
import type { AccountKind } from './validate.ts';

/** The auth calls of seed §7, typed by the protocol. Calls made before a session exist skip the token. */
export const authApi = {
  login: (body: LoginBody) => api.post<Session>('/api/auth/login', body, { auth: false }),
  loginState: (account: string) =>
    api.get<LoginState>('/api/auth/login', { account }, { auth: false, toast: false }),
  captcha: () => api.get<Captcha>('/api/auth/captcha', undefined, { auth: false }),
  loginDemo: () => api.post<Session>('/api/auth/loginvirtual', {}, { auth: false }),
  sendCode: (type: AccountKind, account: string, purpose: CodePurpose) =>
    type === 'email'
      ? api.post<SendCodeResult>('/api/auth/sendemail', { email: account, purpose }, { auth: false })
      : api.post<SendCodeResult>('/api/auth/sendsms', { phone: account, purpose }, { auth: false }),
  register: (body: RegisterBody) => api.post<Session>('/api/auth/register', body, { auth: false }),
  resetPassword: (body: ResetPasswordBody) =>
    api.post<null>('/api/auth/resetpassword', body, { auth: false }),
  agreements: () => api.post<{ items: Agreement[] }>('/api/auth/agreetment', {}, { auth: false }),
  userInfo: () => api.post<User>('/api/auth/userinfo', {}, { toast: false }),
  logout: () => api.post<null>('/api/auth/logout', {}, { toast: false }),
};
