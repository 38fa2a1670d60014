import { user } from '../auth/schemas.ts';
import { contract, emptyBody, noData } from '../contract.ts';
import { usersEndpoints } from './endpoints.ts';
import {
  activeSessions,
  avatarBody,
  changePasswordBody,
  endedSessions,
  endSessionBody,
  nicknameBody,
  setTradePasswordBody,
} from './schemas.ts';

export const usersContract = contract(usersEndpoints, {
  changePassword: { body: changePasswordBody, response: noData },
  setTradePassword: { body: setTradePasswordBody, response: noData },
  sessions: { body: emptyBody, response: activeSessions },
  endSession: { body: endSessionBody, response: noData },
  endOtherSessions: { body: emptyBody, response: endedSessions },
  nickname: { body: nicknameBody, response: user },
  avatar: { body: avatarBody, response: user },
});
