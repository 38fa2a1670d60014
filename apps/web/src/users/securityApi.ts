import { authEndpoints as auth } from '@otc/protocol/auth/endpoints';
import { usersEndpoints as security } from '@otc/protocol/users/endpoints';
import type { ChangePasswordBody, SetTradePasswordBody } from '@otc/protocol/users/schemas';
import { call } from '../api/call.ts';

export const securityKeys = {
  tradePassword: ['security', 'tradePassword'] as const,
  sessions: ['security', 'sessions'] as const,
  operatorActions: ['security', 'operatorActions'] as const,
  totp: ['security', 'totp'] as const,
};

/**
 * The security centre's and settings' calls. The form calls do not toast: the page shows a failure
 * under the field it concerns.
 */
const quiet = { toast: false } as const;

export const securityApi = {
  tradePassword: () => call(auth.existTradePassword, undefined, quiet),
  changePassword: (body: ChangePasswordBody) => call(security.changePassword, body, quiet),
  setTradePassword: (body: SetTradePasswordBody) => call(security.setTradePassword, body, quiet),
  sessions: () => call(security.sessions, undefined, quiet),
  endSession: (id: string) => call(security.endSession, { id }),
  endOtherSessions: () => call(security.endOtherSessions),
  nickname: (nickname: string) => call(security.nickname, { nickname }, quiet),
  avatar: (avatar: string | null) => call(security.avatar, { avatar }, quiet),
  operatorActions: (page: number, pageSize: number) => call(security.operatorActions, { page, pageSize }),
  totpState: () => call(security.totpState, undefined, quiet),
  totpSetup: () => call(security.totpSetup),
  totpEnable: (code: string) => call(security.totpEnable, { code }, quiet),
  totpDisable: (code: string) => call(security.totpDisable, { code }, quiet),
};
