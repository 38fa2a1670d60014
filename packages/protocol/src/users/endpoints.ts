import type { user } from '../auth/schemas.ts';
import type { emptyBody, noData } from '../contract.ts';
import { endpoints, post } from '../endpoint.ts';
import type {
  activeSessions,
  avatarBody,
  changePasswordBody,
  endedSessions,
  endSessionBody,
  nicknameBody,
  setTradePasswordBody,
} from './schemas.ts';

/** The security centre and the settings page: passwords, active sessions, nickname and avatar. */
export const usersEndpoints = endpoints('users', {
  changePassword: post<typeof changePasswordBody, typeof noData>('/api/auth/changepassword', {
    auth: 'user',
    summary: 'Change the login password (the old one is asked); every other session of the user ends',
  }),
  setTradePassword: post<typeof setTradePasswordBody, typeof noData>('/api/auth/settradepassword', {
    auth: 'user',
    summary:
      'Set a transaction password of its own (with the one in force, if any); it no longer follows the login password',
  }),
  sessions: post<typeof emptyBody, typeof activeSessions>('/api/auth/sessions', {
    auth: 'user',
    summary: 'The caller’s active sessions: device, address, last seen, the current one marked',
  }),
  endSession: post<typeof endSessionBody, typeof noData>('/api/auth/sessions/end', {
    auth: 'user',
    summary: 'End one of the caller’s sessions by its public id',
  }),
  endOtherSessions: post<typeof emptyBody, typeof endedSessions>('/api/auth/sessions/endothers', {
    auth: 'user',
    summary: 'End every session of the caller but the current one',
  }),
  nickname: post<typeof nicknameBody, typeof user>('/api/user/nickname', {
    auth: 'user',
    summary: 'Change the nickname (1 to 20 characters once trimmed, shown as plain text)',
  }),
  avatar: post<typeof avatarBody, typeof user>('/api/user/avatar', {
    auth: 'user',
    summary: 'Set the avatar to an image the caller uploaded with purpose avatar, or remove it (null)',
  }),
});
